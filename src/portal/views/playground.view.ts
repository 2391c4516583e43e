import type { AssessmentResponse } from '../../assessment/assessment-response';
import type { TextSpan } from '../../engine/pipeline/assessment-stage';
import { csrfField, escapeHtml, page, type PageViewer } from './html';
import { timelineChartHtml, timelineScripts, type TimelineData } from './timeline';

export type PlaygroundForm = {
  text: string;
  conversationId: string;
  characterId: string;
  speakerType: string;
  raw: string;
};

/**
 * The turn text with reason spans wrapped in <mark>. Turn text is hostile input: the text is
 * cut at span boundaries and every segment is escaped on its own, so no markup survives.
 */
export function highlightSpans(text: string, spans: TextSpan[]): string {
  const marked = new Array<boolean>(text.length).fill(false);
  for (const { start, end } of spans) {
    for (let i = Math.max(0, start); i < Math.min(text.length, end); i++) marked[i] = true;
  }
  let html = '';
  let i = 0;
  while (i < text.length) {
    let j = i;
    while (j < text.length && marked[j] === marked[i]) j++;
    const segment = escapeHtml(text.slice(i, j));
    html += marked[i] ? `<mark>${segment}</mark>` : segment;
    i = j;
  }
  return html;
}

const badge = (kind: string, value: string) =>
  `<span class="badge ${kind}" data-${kind}="${escapeHtml(value)}">${escapeHtml(value)}</span>`;

function resultHtml(text: string, result: AssessmentResponse): string {
  const categories = Object.entries(result.categories)
    .map(
      ([id, c]) =>
        `<tr><td>${escapeHtml(id)}</td><td>${escapeHtml(c.score.toFixed(2))}</td><td>${escapeHtml(c.level)}</td><td>${escapeHtml(c.subcategories.join(', '))}</td></tr>`,
    )
    .join('');
  const reasons = result.reasons
    .map(
      (r) =>
        `<li>${escapeHtml(r.category ?? 'engine')}${r.subcategory ? ` / ${escapeHtml(r.subcategory)}` : ''}: ${escapeHtml(r.message)} <code>${escapeHtml(r.code)}</code> (${escapeHtml(r.stage)})</li>`,
    )
    .join('');
  return `<section id="result">
<p>Severity ${badge('severity', result.severity)} Action ${badge('action', result.action)}</p>
<p id="highlighted">${highlightSpans(
    text,
    result.reasons.flatMap((r) => r.spans),
  )}</p>
<table id="categories"><thead><tr><th>Category</th><th>Score</th><th>Level</th><th>Subcategories</th></tr></thead><tbody>${categories}</tbody></table>
<ul id="reasons">${reasons}</ul>
<p>Conversation peak ${badge('peak', result.conversation.severity)} Conversation now (EMA) ${badge('now', result.conversation.current)} over ${escapeHtml(result.conversation.turns)} turns</p>
<p id="engine">Stages ${escapeHtml(result.engine.stages.join(', '))} · model ${escapeHtml(result.engine.model)} · ${escapeHtml(result.engine.latencyMs)} ms · rules ${escapeHtml(result.engine.rulesVersion)}</p>
</section>`;
}

/** The conversation's turns so far, drawn by timeline-chart.js; nothing before a first turn. */
function timelineHtml(timeline: TimelineData | undefined): string {
  if (!timeline?.turns.length) return '';
  return `<section id="timeline"><h2>Conversation timeline</h2>${timelineChartHtml(timeline)}</section>`;
}

export function playgroundPage(input: {
  viewer: PageViewer;
  form: PlaygroundForm;
  /** The id the "New conversation" button switches to. */
  newConversationId: string;
  result?: { text: string; response: AssessmentResponse };
  timeline?: TimelineData;
  error?: string;
}): string {
  const { form } = input;
  const field = (name: keyof PlaygroundForm, label: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(form[name])}"></label>`;
  return page(
    'Playground',
    `<h1>Playground</h1><p>Playground runs use the live engine and are never billed.</p>
<form method="post" action="/portal/playground">
${csrfField(input.viewer)}
<label>Text <textarea name="text" rows="4">${escapeHtml(form.text)}</textarea></label>
${field('conversationId', 'Conversation')} ${field('characterId', 'Character')}
<label>Speaker <select name="speakerType">${['user', 'character']
      .map((s) => `<option${s === form.speakerType ? ' selected' : ''}>${s}</option>`)
      .join('')}</select></label>
<label>Raw event JSON (overrides the fields) <textarea name="raw" rows="4">${escapeHtml(form.raw)}</textarea></label>
<button type="submit">Run</button></form>
<form method="get" action="/portal/playground" id="new-conversation">
<input type="hidden" name="conversationId" value="${escapeHtml(input.newConversationId)}">
<button type="submit">New conversation</button></form>
${input.error ? `<p role="alert">${escapeHtml(input.error)}</p>` : ''}
${input.result ? resultHtml(input.result.text, input.result.response) : ''}
${timelineHtml(input.timeline)}`,
    { viewer: input.viewer, scripts: timelineScripts(input.timeline) },
  );
}
