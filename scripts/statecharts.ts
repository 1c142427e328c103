/**
 * Generates docs/statecharts/<machine>.md (a mermaid stateDiagram-v2 and tables of states, events,
 * guards, actors, delays) from the machine definitions. `--check` exits 1 when a committed file is stale.
 *
 *   npx tsx scripts/statecharts.ts          # write
 *   npx tsx scripts/statecharts.ts --check  # CI
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { cashierMachine } from '../src/machines/cashier';
import { codeUseMachine } from '../src/machines/code-use';
import { couponDialogMachine } from '../src/machines/coupon-dialog';
import { redeemDialogMachine } from '../src/machines/redeem-dialog';
import { sessionMachine } from '../src/machines/session';
import { smsRedeemMachine } from '../src/machines/sms-redeem';
import { syncMachine } from '../src/machines/sync';

/** Add a machine here to document it (name → definition and its source file). */
const MACHINES: { name: string; source: string; machine: AnyStateMachine }[] = [
  { name: 'session', source: 'src/machines/session.ts', machine: sessionMachine },
  { name: 'cashier', source: 'src/machines/cashier.ts', machine: cashierMachine },
  { name: 'sync', source: 'src/machines/sync.ts', machine: syncMachine },
  { name: 'redeem-dialog', source: 'src/machines/redeem-dialog.ts', machine: redeemDialogMachine },
  { name: 'coupon-dialog', source: 'src/machines/coupon-dialog.ts', machine: couponDialogMachine },
  { name: 'code-use', source: 'src/machines/code-use.ts', machine: codeUseMachine },
  { name: 'sms-redeem', source: 'src/machines/sms-redeem.ts', machine: smsRedeemMachine },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs/statecharts');

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions?: readonly unknown[];
}

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    const combined = guard as { guards?: unknown[]; check?: { name?: string } };
    if (Array.isArray(combined.guards)) {
      const op = combined.check?.name?.includes('or')
        ? 'or'
        : combined.check?.name?.includes('not')
          ? 'not'
          : 'and';
      return `${op}(${combined.guards.map((g) => describeGuard(g)).join(', ')})`;
    }
    return 'inline';
  }
  return 'inline';
}

function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action && 'type' in action)
    return String((action as { type: unknown }).type);
  if (typeof action === 'function') {
    const typed = action as { type?: unknown };
    if (typed.type === 'xstate.assign') return 'assign';
    return typeof typed.type === 'string' ? typed.type.replace(/^xstate\./, '') : 'inline';
  }
  return 'inline';
}

/** Short, readable names for the machine's internal events. */
function describeEvent(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error ${error[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

function transitionsOf(node: AnyStateNode): TransitionLike[] {
  const list: TransitionLike[] = [];
  for (const [, defs] of node.transitions) list.push(...(defs as TransitionLike[]));
  for (const def of (node.always ?? []) as TransitionLike[]) list.push({ ...def, eventType: '' });
  return list;
}

function label(t: TransitionLike): string {
  const guard = describeGuard(t.guard);
  // Mermaid labels: keep to characters the parser accepts.
  return `${describeEvent(t.eventType)}${guard ? ` [${guard}]` : ''}`.replace(/[:;#{}]/g, ' ');
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/**
 * Flat on purpose: mermaid cannot draw transitions between states of different composite states, and
 * this machine has several. A compound state is a node of its own ("signedIn.*" = any of its substates)
 * with an "initial" edge to its first child.
 */
function mermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];
  const nodes = allNodes(machine.root);
  const first = machine.root.initial?.target?.[0];
  if (first) lines.push(`  [*] --> ${mermaidId(first)}`);
  for (const node of nodes.slice(1)) {
    const compound = childrenOf(node).length > 0;
    lines.push(`  state "${node.path.join('.')}${compound ? '.*' : ''}" as ${mermaidId(node)}`);
    const initial = node.initial?.target?.[0];
    if (compound && initial) edges.push(`  ${mermaidId(node)} --> ${mermaidId(initial)} : initial`);
    for (const t of transitionsOf(node)) {
      for (const target of t.target ?? [])
        edges.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${label(t)}`);
    }
  }
  return [...lines, ...edges].join('\n');
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(name: string, source: string, machine: AnyStateMachine): string {
  const nodes = allNodes(machine.root).slice(1);
  const out: string[] = [
    `# Statechart: ${name}`,
    '',
    `Generated by \`npx tsx scripts/statecharts.ts\` from \`${source}\`; do not edit by hand (CI runs \`--check\`).`,
    '',
    '```mermaid',
    mermaid(machine),
    '```',
    '',
    '## States',
    '',
    '| state | type | tags | invokes | description |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const node of nodes) {
    const invokes = node.invoke.map((inv) => String(inv.src)).join(', ');
    const tags = [...node.tags].join(', ');
    out.push(
      `| ${node.path.join('.')} | ${node.type} | ${tags} | ${invokes} | ${cell(node.description ?? '')} |`,
    );
  }
  out.push(
    '',
    '## Transitions',
    '',
    '| from | event | guard | to | actions |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const node of nodes) {
    for (const t of transitionsOf(node)) {
      const to = (t.target ?? []).map((target) => target.path.join('.')).join(', ') || '(stays)';
      const actions = (t.actions ?? []).map(describeAction).join(', ');
      out.push(
        `| ${node.path.join('.')} | ${cell(describeEvent(t.eventType))} | ${cell(describeGuard(t.guard) ?? '')} | ${to} | ${cell(actions)} |`,
      );
    }
  }
  const events = new Set<string>();
  for (const node of nodes)
    for (const t of transitionsOf(node))
      if (!t.eventType.startsWith('xstate.') && t.eventType) events.add(t.eventType);
  out.push('', '## Events (sent by the app)', '');
  for (const e of [...events].sort()) out.push(`- \`${e}\``);

  const impl = machine.implementations;
  out.push('', '## Actors (side effects; `.provide()` replaces them)', '');
  for (const key of Object.keys(impl.actors).sort()) out.push(`- \`${key}\``);
  out.push('', '## Actions', '');
  for (const key of Object.keys(impl.actions).sort()) out.push(`- \`${key}\``);
  out.push('', '## Guards', '');
  for (const key of Object.keys(impl.guards).sort()) out.push(`- \`${key}\``);
  out.push('', '## Delays', '');
  for (const [key, value] of Object.entries(impl.delays).sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`- \`${key}\`: ${typeof value === 'number' ? `${value} ms` : 'computed from context'}`);
  }
  return `${out.join('\n')}\n`;
}

function main() {
  const check = process.argv.includes('--check');
  mkdirSync(outDir, { recursive: true });
  let stale = 0;
  for (const { name, source, machine } of MACHINES) {
    const file = join(outDir, `${name}.md`);
    const text = markdown(name, source, machine);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = '';
    }
    if (current === text) continue;
    if (check) {
      stale++;
      console.error(`stale: docs/statecharts/${name}.md (run: npx tsx scripts/statecharts.ts)`);
    } else {
      writeFileSync(file, text);
      console.log(`wrote docs/statecharts/${name}.md`);
    }
  }
  if (stale > 0) process.exit(1);
  if (check) console.log('statecharts are current');
}

main();
