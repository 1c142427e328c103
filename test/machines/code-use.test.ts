// The QR redeem / coupon use statechart (001 §2.4, §2.6, §4, §5, §8): each step, each message, both cancels.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/http';
import { LOYALTY_TEXTS } from '../../src/domain/texts/loyalty';
import { type CodePreview, codeUseMachine } from '../../src/machines/code-use';

const PREVIEW: CodePreview = {
  scancode: 'RDM-1',
  user_name: 'Dian',
  user_code: 'SB1',
  details: [{ item_name: 'Cuci & Blow', drv_total_point: 50, reward_name: 'Poin Serambi' }],
};

function start(opts: { preview?: () => Promise<CodePreview>; confirm?: () => Promise<void> } = {}) {
  const calls: string[] = [];
  const machine = codeUseMachine.provide({
    actors: {
      preview: fromPromise(async ({ input }: { input: { code: string } }) => {
        calls.push(`preview:${input.code}`);
        return opts.preview ? opts.preview() : PREVIEW;
      }),
      confirm: fromPromise(async ({ input }: { input: { scancode: string } }) => {
        calls.push(`confirm:${input.scancode}`);
        if (opts.confirm) await opts.confirm();
      }),
      save: fromPromise(async ({ input }: { input: { scancode: string; pos_trx_code: string } }) => {
        calls.push(`save:${input.scancode}:${input.pos_trx_code}`);
        return LOYALTY_TEXTS.trxSuccessText as string;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('code use (QR redeem, coupon by QR)', () => {
  it('code → preview → Redeem Now → purchase no. → saved → reset', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'code.submit' });
    expect(actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.codeRequired);
    actor.send({ type: 'code.change', code: ' RDM-1 ' });
    actor.send({ type: 'code.submit' });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'preview.confirm' });
    await waitFor(actor, (s) => s.matches('purchaseNo'));
    actor.send({ type: 'purchase.save' });
    expect(actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.purchaseNoRequired);
    actor.send({ type: 'purchase.change', purchaseNo: 'INV-9' });
    actor.send({ type: 'purchase.save' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.savedMessage).toBe(LOYALTY_TEXTS.trxSuccessText);
    actor.send({ type: 'done.close' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(actor.getSnapshot().context.code).toBe('');
    expect(calls).toEqual(['preview:RDM-1', 'confirm:RDM-1', 'save:RDM-1:INV-9']);
  });

  it('a scan looks up at once; an empty preview says no items; a time-out the connection text', async () => {
    const { actor } = start({ preview: async () => ({ ...PREVIEW, details: [] }) });
    actor.send({ type: 'code.scanned', code: 'RDM-2' });
    await waitFor(actor, (s) => s.matches('code') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.noItems);
    const t = start({
      preview: async () => {
        throw new ApiError({
          kind: 'timeout',
          status: 0,
          statusText: '',
          message: 'Connection failed, please try again',
        });
      },
    });
    t.actor.send({ type: 'code.scanned', code: 'RDM-3' });
    await waitFor(t.actor, (s) => s.context.error !== null);
    expect(t.actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.connectionError);
  });

  it('cancel at the preview goes back to step 1; cancel in the modal resets everything; a refused confirm stays', async () => {
    const { actor } = start();
    actor.send({ type: 'code.scanned', code: 'RDM-1' });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'preview.cancel' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'code.scanned', code: 'RDM-1' });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'preview.confirm' });
    await waitFor(actor, (s) => s.matches('purchaseNo'));
    actor.send({ type: 'purchase.change', purchaseNo: 'X' });
    actor.send({ type: 'purchase.cancel' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(actor.getSnapshot().context).toMatchObject({ code: '', purchaseNo: '', preview: null });
    const refused = start({
      confirm: async () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          statusText: 'Bad Request',
          message: 'Kode redeem sudah digunakan.',
        });
      },
    });
    refused.actor.send({ type: 'code.scanned', code: 'RDM-1' });
    await waitFor(refused.actor, (s) => s.matches('preview'));
    refused.actor.send({ type: 'preview.confirm' });
    await waitFor(refused.actor, (s) => s.matches('preview') && s.context.error !== null);
    expect(refused.actor.getSnapshot().context.error).toBe('Kode redeem sudah digunakan.');
  });
});
