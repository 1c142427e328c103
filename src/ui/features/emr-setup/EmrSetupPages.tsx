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

/** One column of a setup list: its header and what a row shows under it. */
interface SetupColumn<R> {
  header: string;
  cell: (row: R) => React.ReactNode;
}

/**
 * A setup list (the organization structure, the locations): its add button, the table with Ubah/Hapus a row
 * (Hapus after the confirmation, then the list again), the load error, and the empty text where the list has one.
 */
function EmrSetupList<R extends { id: number }>(props: {
  title: string;
  addLabel: string;
  /** '/emr/organization' or '/emr/location': 'new' and a row's id go below it. */
  path: string;
  testId: string;
  columns: SetupColumn<R>[];
  load: () => Promise<R[]>;
  onLoaded?: (rows: R[]) => void;
  remove: (row: R) => Promise<string>;
  empty?: string;
}) {
  const { title, addLabel, path, testId, columns, load, onLoaded, remove, empty } = props;
  const [, navigate] = useLocation();
  const { value, error, reload } = useLoad(load, onLoaded);
  const removeRow = async (row: R) => {
    if (!(await confirmDelete())) return;
    try {
      notify('success', await remove(row));
      reload();
    } catch (e) {
      notify('error', failure(e));
    }
  };
  return (
    <Page title={title}>
      <Stack>
        <Group justify="flex-end">
          <Button onClick={() => navigate(`${path}/new`)}>{addLabel}</Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {!value && !error ? (
          <Loader />
        ) : empty !== undefined && value?.length === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder striped data-testid={testId}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.header}>{c.header}</Table.Th>
                  ))}
                  <Table.Th>{T.action}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(value ?? []).map((row) => (
                  <Table.Tr key={row.id}>
                    {columns.map((c) => (
                      <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => navigate(`${path}/${row.id}`)}>
                          {T.edit}
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => void removeRow(row)}>
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

/**
 * A setup form (an organization, a location): the name field, the parent selects given as children, Simpan
 * (the server's message, else `saved`, then back to the list) and Kembali.
 */
function EmrSetupForm(props: {
  title: string;
  nameLabel: string;
  name: string;
  onName: (name: string) => void;
  /** The list the form returns to. */
  path: string;
  save: () => Promise<string>;
  saved: string;
  children: React.ReactNode;
}) {
  const { title, nameLabel, name, onName, path, save, saved, children } = props;
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      notify('success', (await save()) || saved);
      navigate(path);
    } catch (err) {
      notify('error', failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={title}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={nameLabel}
            value={name}
            onChange={(e) => onName(e.currentTarget.value)}
            maxLength={200}
            required
          />
          {children}
          <Group>
            <Button type="submit" loading={busy}>
              {T.save}
            </Button>
            <Button variant="default" onClick={() => navigate(path)}>
              {T.back}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

/** A parent select ('Bagian Dari', 'Lokasi Induk', 'Organisasi Induk'): every other row by its name. */
function ParentSelect<R extends { id: number }>(props: {
  label: string;
  rows: R[];
  nameOf: (row: R) => string;
  /** The row being edited, left out of its own parents. */
  self?: number | null;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { label, rows, nameOf, self = null, value, onChange } = props;
  return (
    <Select
      label={label}
      data={rows.filter((r) => r.id !== self).map((r) => ({ value: String(r.id), label: nameOf(r) }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
    />
  );
}

/** A parent id as the select holds it (a string, or none). */
const selected = (id: number | null | undefined) => (id == null ? null : String(id));

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
  return (
    <EmrSetupList
      title={T.orgListTitle}
      addLabel={T.addOrg}
      path="/emr/organization"
      testId="organization-table"
      columns={[
        { header: T.orgName, cell: (o) => o.organization_name },
        { header: T.partOf, cell: (o) => o.parent_emr_organization ?? T.noParent },
        { header: T.status, cell: (o) => (o.is_active === 1 ? T.active : T.inactive) },
      ]}
      load={load}
      onLoaded={toInit}
      remove={(o) => api.deleteOrganization(o.id)}
    />
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
  const { organization_id } = useParams<{ organization_id: string }>();
  const id = organization_id === 'new' ? null : Number(organization_id);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const [all, setAll] = useState<EmrOrganization[]>([]);
  useEffect(() => {
    api
      .organizations()
      .then((list) => {
        setAll(list);
        const self = list.find((o) => o.id === id);
        if (self) {
          setName(self.organization_name);
          setParent(selected(self.parent_organization_id));
        } else if (id != null) notify('error', O.orgMissing);
      })
      .catch((e) => notify('error', failure(e)));
  }, [api, id]);
  const save = () =>
    api.saveOrganization(id, {
      organization_name: name,
      parent_organization_id: parent ? Number(parent) : null,
    });
  return (
    <EmrSetupForm
      title={T.orgFormTitle}
      nameLabel={T.orgFormName}
      name={name}
      onName={setName}
      path="/emr/organization"
      save={save}
      saved={T.orgSaved}
    >
      <ParentSelect
        label={T.partOf}
        rows={all}
        nameOf={(o) => o.organization_name}
        self={id}
        value={parent}
        onChange={setParent}
      />
    </EmrSetupForm>
  );
}

// ------------------------------------------------------------------ locations

/** 'Daftar Lokasi'. */
export function LocationListPage() {
  const api = useEmrApi();
  const load = useCallback(() => api.locations(), [api]);
  return (
    <EmrSetupList
      title={T.locListTitle}
      addLabel={T.addLocation}
      path="/emr/location"
      testId="location-table"
      columns={[
        { header: T.locName, cell: (l) => l.location_name },
        { header: T.parentLocation, cell: (l) => l.parent_emr_location ?? T.noParent },
        { header: T.parentOrganization, cell: (l) => l.parent_emr_organization ?? T.noParent },
        { header: O.satusehatId, cell: (l) => l.satusehat_location_id ?? T.noParent },
      ]}
      load={load}
      remove={(l) => api.deleteLocation(l.id)}
      empty={O.empty}
    />
  );
}

/** The location form ('new' or an id): Nama Lokasi, Lokasi Induk, Organisasi Induk. */
export function LocationFormPage() {
  const api = useEmrApi();
  const { location_id } = useParams<{ location_id: string }>();
  const id = location_id === 'new' ? null : Number(location_id);
  const [name, setName] = useState('');
  const [parentLocation, setParentLocation] = useState<string | null>(null);
  const [parentOrg, setParentOrg] = useState<string | null>(null);
  const [locations, setLocations] = useState<EmrLocation[]>([]);
  const [organizations, setOrganizations] = useState<EmrOrganization[]>([]);
  useEffect(() => {
    Promise.all([api.locations(), api.organizations()])
      .then(([locs, orgs]) => {
        setLocations(locs);
        setOrganizations(orgs);
        const self = locs.find((l) => l.id === id);
        if (self) {
          setName(self.location_name);
          setParentLocation(selected(self.parent_location_id));
          setParentOrg(selected(self.parent_organization_id));
        } else if (id != null) notify('error', O.locMissing);
      })
      .catch((e) => notify('error', failure(e)));
  }, [api, id]);
  const save = () =>
    api.saveLocation(id, {
      location_name: name,
      parent_location_id: parentLocation ? Number(parentLocation) : null,
      parent_organization_id: parentOrg ? Number(parentOrg) : null,
    });
  return (
    <EmrSetupForm
      title={T.locFormTitle}
      nameLabel={T.locName}
      name={name}
      onName={setName}
      path="/emr/location"
      save={save}
      saved={T.locSaved}
    >
      <ParentSelect
        label={T.parentLocation}
        rows={locations}
        nameOf={(l) => l.location_name}
        self={id}
        value={parentLocation}
        onChange={setParentLocation}
      />
      <ParentSelect
        label={T.parentOrganization}
        rows={organizations}
        nameOf={(o) => o.organization_name}
        value={parentOrg}
        onChange={setParentOrg}
      />
    </EmrSetupForm>
  );
}
