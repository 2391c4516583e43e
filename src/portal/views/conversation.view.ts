import type { ConversationFlag } from '../../engine/pipeline/assessment-stage';
import { CATEGORY_IDS, type CategoryId, type Level, type Mode } from '../../engine/taxonomy';
import { escapeHtml, page, type PageViewer } from './html';
import { timelineChartHtml, timelineScripts, type TimelineData } from './timeline';

/** Turns per conversation page. */
export const CONVERSATION_PAGE_TURNS = 200;

/** The conversation page's address (ids are URL-encoded; the caller escapes for HTML). */
export function conversationHref(mode: string, conversationId: string): string {
  return `/portal/history/conversations/${encodeURIComponent(mode)}/${encodeURIComponent(conversationId)}`;
}

/** The conversation page that shows `turn`, scrolled to its row. */
export function conversationTurnHref(mode: string, conversationId: string, turn: number): string {
  const pageStart = Math.floor((turn - 1) / CONVERSATION_PAGE_TURNS) * CONVERSATION_PAGE_TURNS;
  const after = pageStart > 0 ? `?after=${pageStart}` : '';
  return `${conversationHref(mode, conversationId)}${after}#turn-${turn}`;
}

export type ConversationTurnView = {
  turn: number;
  createdAt: string;
  speakerType: string;
  /** As stored: redacted by default, null when the text was not retained. */
  text: string | null;
  severity: Level;
  action: string;
  categories: CategoryId[];
  /** Ids of the shadow rules that fired on this turn (never part of the answer). */
  shadowRules: string[];
};

/** The conversation state as the page shows it. */
export type ConversationStateView = {
  turns: number;
  peak: Level;
  ema: number;
  current: Level;
  categoryCounts: Record<CategoryId, number>;
  /** Flags still in effect for the conversation's next turn. */
  liveFlags: ConversationFlag[];
  createdAt: string;
  updatedAt: string;
};

export type ConversationView = {
  viewer: PageViewer;
  mode: Mode;
  conversationId: string;
  state: ConversationStateView;
  turns: ConversationTurnView[];
  timeline: TimelineData;
  /** Link to the following turns, when there are more. */
  nextHref: string | null;
};

const badge = (kind: string, value: string) =>
  `<span class="badge" data-${kind}="${escapeHtml(value)}">${escapeHtml(value)}</span>`;

function stateHtml(state: ConversationView['state']): string {
  const counts = CATEGORY_IDS.map(
    (id) =>
      `<tr data-category="${id}"><td>${id}</td><td class="count">${escapeHtml(state.categoryCounts[id] ?? 0)}</td></tr>`,
  ).join('');
  const flags = state.liveFlags.length
    ? state.liveFlags
        .map(
          (flag) =>
            `<li>${escapeHtml(flag.name)} (set at turn ${escapeHtml(flag.setAtTurn)}, ${
              flag.expiresAtTurn === null
                ? 'no expiry'
                : `until turn ${escapeHtml(flag.expiresAtTurn)}`
            })</li>`,
        )
        .join('')
    : '<li>none</li>';
  return `<section id="conversation-state" data-turns="${escapeHtml(state.turns)}">
<p>Turns ${escapeHtml(state.turns)} · Conversation peak ${badge('peak', state.peak)} · Conversation now (EMA) ${badge('now', state.current)} <span id="ema">${escapeHtml(state.ema.toFixed(2))}</span></p>
<p>First turn ${escapeHtml(state.createdAt)} · last turn ${escapeHtml(state.updatedAt)}</p>
<table id="conversation-categories"><thead><tr><th>Category</th><th>Turns raised</th></tr></thead><tbody>${counts}</tbody></table>
<h2>Live flags</h2><ul id="conversation-flags">${flags}</ul></section>`;
}

function turnRow(turn: ConversationTurnView): string {
  const text = turn.text === null ? '<em class="muted">not retained</em>' : escapeHtml(turn.text);
  return `<tr id="turn-${escapeHtml(turn.turn)}" data-turn="${escapeHtml(turn.turn)}"><td>${escapeHtml(turn.turn)}</td><td>${escapeHtml(turn.createdAt)}</td><td>${escapeHtml(turn.speakerType)}</td><td class="severity">${badge('severity', turn.severity)}</td><td class="action">${escapeHtml(turn.action)}</td><td class="categories">${escapeHtml(turn.categories.join(', '))}</td><td class="shadow">${escapeHtml(turn.shadowRules.join(', '))}</td><td class="text">${text}</td></tr>`;
}

/** One conversation: state, timeline chart and its turns (stored text, always escaped). */
export function conversationPage(view: ConversationView): string {
  const next = view.nextHref
    ? `<p><a id="conversation-next" rel="next" href="${escapeHtml(view.nextHref)}">Later turns</a></p>`
    : '';
  return page(
    `Conversation ${view.conversationId}`,
    `<h1>Conversation <code>${escapeHtml(view.conversationId)}</code> <small>${escapeHtml(view.mode)}</small></h1>
<p><a href="/portal/history?mode=${encodeURIComponent(view.mode)}&amp;conversationId=${encodeURIComponent(view.conversationId)}">Back to history</a></p>
${stateHtml(view.state)}
<h2>Timeline</h2>${timelineChartHtml(view.timeline)}
<h2>Turns</h2>
<table id="conversation-turns"><thead><tr><th>Turn</th><th>Time</th><th>Speaker</th><th>Severity</th><th>Action</th><th>Categories</th><th title="Shadow rules that fired: recorded, never answered">Shadow rules</th><th>Text</th></tr></thead>
<tbody>${view.turns.map(turnRow).join('')}</tbody></table>${next}`,
    {
      viewer: view.viewer,
      scripts: timelineScripts(view.timeline),
    },
  );
}
