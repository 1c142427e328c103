// EMR setup (001 §2.14, ruling 11): the organization structure (initialized from SATUSEHAT) and the locations,
// stored on the server, editable and deletable.
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { EmrLocation, EmrOrganization } from '../../../api/contract/satusehat';
import { errorMessage, isNetworkError } from '../../../api/http';
import { createEmrSetupApi, type EmrSetupApi } from '../../../api/satusehat';
import { HEALTH_SERVICE, EMR_SETUP_OWN as O, EMR_SETUP_TEXTS as T } from '../../../domain/texts/emr-setup';
import { useServices } from '../../app/services';
import { confirm, notify } from '../../components/feedback';

/** A time-out or no answer: the spec's connection message; otherwise the server's (001 §8). */
const failure = (e: unknown) => (isNetworkError(e) ? T.connectionFailed : errorMessage(e));

function useEmrApi(): EmrSetupApi {
  const { client } = useServices();
  return useMemo(() => createEmrSetupApi(client), [client]);
}

function useLoad<V>(load: () => Promise<V>, onLoaded?: (v: V) => void) {
  const [value, setValue] = useState<V | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setError(null);
    load()
      .then((v) => {
        setValue(v);
        onLoaded?.(v);
      })
      .catch((e) => setError(failure(e)));
  }, [load, onLoaded]);
  useEffect(reload, [reload]);
  return { value, error, reload };
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="md" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}

async function confirmDelete(): Promise<boolean> {
  return confirm({ title: T.confirmDelete, message: T.confirmDeleteText, danger: true });
}

// ------------------------------------------------------------------ organizations

/** 'Daftar Struktur Organisasi': none on the server → the initialization. */
export function OrganizationListPage() {
  const api = useEmrApi();
  const [, navigate] = useLocation();
  const load = useCallback(() => api.organizations(), [api]);
  const toInit = useCallback(
    (list: EmrOrganization[]) => {
      if (list.length === 0) navigate('/emr/organization/initialization', { replace: true });
    },
    [navigate],
  );
  const { value, error, reload } = useLoad(load, toInit);
  const remove = async (o: EmrOrganization) => {
    if (!(await confirmDelete())) return;
    try {
      notify('success', await api.deleteOrganization(o.id));
      reload();
    } catch (e) {
      notify('error', failure(e));
    }
  };
  return (
    <Page title={T.orgListTitle}>
      <Stack>
        <Group justify="flex-end">
          <Button onClick={() => navigate('/emr/organization/new')}>{T.addOrg}</Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {!value && !error ? (
          <Loader />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder striped data-testid="organization-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.orgName}</Table.Th>
                  <Table.Th>{T.partOf}</Table.Th>
                  <Table.Th>{T.status}</Table.Th>
                  <Table.Th>{T.action}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(value ?? []).map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>{o.organization_name}</Table.Td>
                    <Table.Td>{o.parent_emr_organization ?? T.noParent}</Table.Td>
                    <Table.Td>{o.is_active === 1 ? T.active : T.inactive}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => navigate(`/emr/organization/${o.id}`)}
                        >
                          {T.edit}
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => void remove(o)}>
                          {T.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Page>
  );
}

/** 'Inisialisasi Struktur Organisasi': refused (and back to the list) when organizations exist. */
export function OrganizationInitPage() {
  const api = useEmrApi();
  const [, navigate] = useLocation();
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .organizations()
      .then((list) => {
        if (!live) return;
        if (list.length > 0) {
          notify('error', T.initExists);
          navigate('/emr/organization', { replace: true });
        } else setChecked(true);
      })
      .catch((e) => {
        if (live) notify('error', failure(e));
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [api, navigate]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      notify('success', (await api.initialize(id.trim())) || T.initDone);
      navigate('/emr/organization');
    } catch (err) {
      notify('error', failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={T.initTitle}>
      {!checked ? (
        <Loader />
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={T.initInput(HEALTH_SERVICE)}
              value={id}
              onChange={(e) => setId(e.currentTarget.value)}
              maxLength={64}
              data-testid="satusehat-organization-id"
            />
            <Group>
              <Button type="submit" loading={busy} disabled={!id.trim()}>
                {T.initButton}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

/** The organization form ('new' or an id): Nama Organisasi and 'Bagian Dari'. */
export function OrganizationFormPage() {
  const api = useEmrApi();
  const [, navigate] = useLocation();
  const { organization_id } = useParams<{ organization_id: string }>();
  const id = organization_id === 'new' ? null : Number(organization_id);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const [all, setAll] = useState<EmrOrganization[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api
      .organizations()
      .then((list) => {
        setAll(list);
        const self = list.find((o) => o.id === id);
        if (self) {
          setName(self.organization_name);
          setParent(self.parent_organization_id == null ? null : String(self.parent_organization_id));
        } else if (id != null) notify('error', O.orgMissing);
      })
      .catch((e) => notify('error', failure(e)));
  }, [api, id]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const message = await api.saveOrganization(id, {
        organization_name: name,
        parent_organization_id: parent ? Number(parent) : null,
      });
      notify('success', message || T.orgSaved);
      navigate('/emr/organization');
    } catch (err) {
      notify('error', failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={T.orgFormTitle}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={T.orgFormName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            required
          />
          <Select
            label={T.partOf}
            data={all
              .filter((o) => o.id !== id)
              .map((o) => ({ value: String(o.id), label: o.organization_name }))}
            value={parent}
            onChange={setParent}
            clearable
            searchable
          />
          <Group>
            <Button type="submit" loading={busy}>
              {T.save}
            </Button>
            <Button variant="default" onClick={() => navigate('/emr/organization')}>
              {T.back}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

// ------------------------------------------------------------------ locations

/** 'Daftar Lokasi'. */
export function LocationListPage() {
  const api = useEmrApi();
  const [, navigate] = useLocation();
  const load = useCallback(() => api.locations(), [api]);
  const { value, error, reload } = useLoad(load);
  const remove = async (l: EmrLocation) => {
    if (!(await confirmDelete())) return;
    try {
      notify('success', await api.deleteLocation(l.id));
      reload();
    } catch (e) {
      notify('error', failure(e));
    }
  };
  return (
    <Page title={T.locListTitle}>
      <Stack>
        <Group justify="flex-end">
          <Button onClick={() => navigate('/emr/location/new')}>{T.addLocation}</Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {!value && !error ? (
          <Loader />
        ) : value?.length === 0 ? (
          <Text c="dimmed">{O.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder striped data-testid="location-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.locName}</Table.Th>
                  <Table.Th>{T.parentLocation}</Table.Th>
                  <Table.Th>{T.parentOrganization}</Table.Th>
                  <Table.Th>{O.satusehatId}</Table.Th>
                  <Table.Th>{T.action}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(value ?? []).map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.location_name}</Table.Td>
                    <Table.Td>{l.parent_emr_location ?? T.noParent}</Table.Td>
                    <Table.Td>{l.parent_emr_organization ?? T.noParent}</Table.Td>
                    <Table.Td>{l.satusehat_location_id ?? T.noParent}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => navigate(`/emr/location/${l.id}`)}>
                          {T.edit}
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => void remove(l)}>
                          {T.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Page>
  );
}

/** The location form ('new' or an id): Nama Lokasi, Lokasi Induk, Organisasi Induk. */
export function LocationFormPage() {
  const api = useEmrApi();
  const [, navigate] = useLocation();
  const { location_id } = useParams<{ location_id: string }>();
  const id = location_id === 'new' ? null : Number(location_id);
  const [name, setName] = useState('');
  const [parentLocation, setParentLocation] = useState<string | null>(null);
  const [parentOrg, setParentOrg] = useState<string | null>(null);
  const [locations, setLocations] = useState<EmrLocation[]>([]);
  const [organizations, setOrganizations] = useState<EmrOrganization[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    Promise.all([api.locations(), api.organizations()])
      .then(([locs, orgs]) => {
        setLocations(locs);
        setOrganizations(orgs);
        const self = locs.find((l) => l.id === id);
        if (self) {
          setName(self.location_name);
          setParentLocation(self.parent_location_id == null ? null : String(self.parent_location_id));
          setParentOrg(self.parent_organization_id == null ? null : String(self.parent_organization_id));
        } else if (id != null) notify('error', O.locMissing);
      })
      .catch((e) => notify('error', failure(e)));
  }, [api, id]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const message = await api.saveLocation(id, {
        location_name: name,
        parent_location_id: parentLocation ? Number(parentLocation) : null,
        parent_organization_id: parentOrg ? Number(parentOrg) : null,
      });
      notify('success', message || T.locSaved);
      navigate('/emr/location');
    } catch (err) {
      notify('error', failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={T.locFormTitle}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={T.locName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            required
          />
          <Select
            label={T.parentLocation}
            data={locations
              .filter((l) => l.id !== id)
              .map((l) => ({ value: String(l.id), label: l.location_name }))}
            value={parentLocation}
            onChange={setParentLocation}
            clearable
            searchable
          />
          <Select
            label={T.parentOrganization}
            data={organizations.map((o) => ({ value: String(o.id), label: o.organization_name }))}
            value={parentOrg}
            onChange={setParentOrg}
            clearable
            searchable
          />
          <Group>
            <Button type="submit" loading={busy}>
              {T.save}
            </Button>
            <Button variant="default" onClick={() => navigate('/emr/location')}>
              {T.back}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
