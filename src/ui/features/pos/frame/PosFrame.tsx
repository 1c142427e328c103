// The cashier page's frame inside <PosProvider>: header, the body of the machine's step, and every
// dialog mounted once (customer and cashier dialogs, item dialogs, the machine's authorization).
import { Box, Center, Loader, LoadingOverlay } from '@mantine/core';
import { InsecureContextNotice } from '../../../components/InsecureContextNotice';
import { usePos } from '../context';
import { PosDialogs } from '../dialogs';
import { ItemModal } from '../item-modal';
import { Step1 } from '../step1/Step1';
import { Step3 } from '../step3/Step3';
import { Step4 } from '../step4/Step4';
import { AuthorizeModal, type PendingAuthorization } from './AuthorizeModal';
import { Header } from './Header';
import { Preview } from './Preview';
import { Step2 } from './Step2';

export const HEADER_HEIGHT = 65;

function Body() {
  const { cashier, trx } = usePos();
  const step = cashier.step;
  if (step === 1) return <Step1 />;
  // Steps 2–7 read the transaction on screen; it arrives with the first live query.
  if (!trx)
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  if (step === 2) return <Step2 />;
  if (step === 3) return <Step3 />;
  if (step === 4) return <Step4 />;
  return <Preview />;
}

/** A sale being submitted (up to 3 retries online) must not be tapped twice. */
function SubmittingOverlay() {
  const { cashier } = usePos();
  return <LoadingOverlay visible={cashier.submission.status === 'submitting'} zIndex={300} />;
}

function MachineAuthorize({ pending }: { pending: PendingAuthorization | null }) {
  const { cashier } = usePos();
  return <AuthorizeModal pending={pending} busy={cashier.busy} />;
}

// The frame itself reads nothing of the page's value: a cart change re-renders the parts that
// show it, not the whole tree below the frame (issue 28).
export function PosFrame({ authorization }: { authorization: PendingAuthorization | null }) {
  return (
    <Box
      component="main"
      h="100dvh"
      pos="relative"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <SubmittingOverlay />
      <Header />
      <InsecureContextNotice style={{ margin: '8px 8px 0', flex: 'none' }} />
      <Box p="sm" style={{ flex: 1, minHeight: 0 }} data-testid="pos-body">
        <Body />
      </Box>
      <PosDialogs />
      <ItemModal />
      <MachineAuthorize pending={authorization} />
    </Box>
  );
}
