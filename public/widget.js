// Tabletalk chat widget: one script tag and <tabletalk-chat collection="id" edge="https://…" lang="en">
// embed the chat of a published collection in any page. Plain JavaScript, no build step, no
// dependencies; everything lives in a shadow root so the portal's CSS and ours never meet.
// Security: whatever the edge sends (answers, cell values, SQL) is data. It only ever reaches the
// page through textContent and createElement — never innerHTML — so a cell holding markup shows
// as text. README.md ("Embed the chat in a page") shows both embeddings.
(() => {
  'use strict';
  if (customElements.get('tabletalk-chat')) return;

  /** UI strings; `{name}` is replaced by a value. The question's language is the edge's business. */
  const STRINGS = {
    en: {
      title: 'Ask this collection', question: 'Question', placeholder: 'Ask a question about the data…', ask: 'Ask',
      clear: 'Clear history', log: 'Answers', you: 'You', thinking: 'Looking it up…', try: 'Try:',
      exact: 'Exact answer', lookup: 'Matching rows', meta: 'About the data', clarify: 'Question back',
      unanswerable: 'No answer', generated: 'Written by a language model: check the cited rows',
      sql: 'How it was computed (SQL)', approximate: 'Approximate: a language model wrote this SQL; check that it asks what you meant', cited: 'Cited rows ({n})', row: '{file}, row {row}', more: '… and {n} more rows',
      unsupported: 'No cited row supports this sentence.', weakNote: 'Dotted underline: no cited row supports that sentence.',
      helpful: 'Helpful', unhelpful: 'Not helpful', saved: 'Thanks, saved in this browser.', sent: 'Thanks, sent to the maintainers of this data.', notSent: 'Thanks, saved in this browser (the Tabletalk service did not take it).',
      unreachable: 'Could not reach the Tabletalk service at {edge}. It may be down, or it may not accept requests from this site.',
      timeout: 'The Tabletalk service did not answer within {s} seconds. Try again later.',
      notFound: 'The collection “{id}” is not published at {edge}.',
      rateLimited: 'Too many questions in a short time. Wait a minute, then ask again.',
      backend: 'The language model is unavailable right now; these are the rows that match instead.',
      failed: 'The Tabletalk service could not answer ({status}): {message}',
      unreadable: 'The Tabletalk service sent an answer this chat cannot read.',
      setup: 'This chat is not set up: the page must give the “edge” and “collection” attributes.',
    },
    es: {
      title: 'Pregunta a esta colección', question: 'Pregunta', placeholder: 'Haz una pregunta sobre los datos…', ask: 'Preguntar',
      clear: 'Borrar historial', log: 'Respuestas', you: 'Tú', thinking: 'Buscando…', try: 'Prueba:',
      exact: 'Respuesta exacta', lookup: 'Filas que coinciden', meta: 'Sobre los datos', clarify: 'Pregunta de vuelta',
      unanswerable: 'Sin respuesta', generated: 'Escrito por un modelo de lenguaje: comprueba las filas citadas',
      sql: 'Cómo se calculó (SQL)', approximate: 'Aproximada: un modelo de lenguaje escribió esta SQL; revisa que pregunte lo que querías', cited: 'Filas citadas ({n})', row: '{file}, fila {row}', more: '… y {n} filas más',
      unsupported: 'Ninguna fila citada respalda esta frase.', weakNote: 'Subrayado punteado: ninguna fila citada respalda esa frase.',
      helpful: 'Útil', unhelpful: 'No es útil', saved: 'Gracias, guardado en este navegador.', sent: 'Gracias, enviado a quienes mantienen estos datos.', notSent: 'Gracias, guardado en este navegador (el servicio de Tabletalk no lo aceptó).',
      unreachable: 'No se pudo contactar con el servicio Tabletalk en {edge}. Puede estar caído o no aceptar peticiones de este sitio.',
      timeout: 'El servicio Tabletalk no respondió en {s} segundos. Inténtalo más tarde.',
      notFound: 'La colección «{id}» no está publicada en {edge}.',
      rateLimited: 'Demasiadas preguntas en poco tiempo. Espera un minuto y vuelve a preguntar.',
      backend: 'El modelo de lenguaje no está disponible; estas son las filas que coinciden.',
      failed: 'El servicio Tabletalk no pudo responder ({status}): {message}',
      unreadable: 'El servicio Tabletalk envió una respuesta que este chat no puede leer.',
      setup: 'Este chat no está configurado: la página debe indicar los atributos «edge» y «collection».',
    },
    ca: {
      title: 'Pregunta a aquesta col·lecció', question: 'Pregunta', placeholder: 'Fes una pregunta sobre les dades…', ask: 'Pregunta',
      clear: 'Esborra l’historial', log: 'Respostes', you: 'Tu', thinking: 'Cercant…', try: 'Prova:',
      exact: 'Resposta exacta', lookup: 'Files que coincideixen', meta: 'Sobre les dades', clarify: 'Pregunta de tornada',
      unanswerable: 'Sense resposta', generated: 'Escrit per un model de llenguatge: comprova les files citades',
      sql: 'Com s’ha calculat (SQL)', approximate: 'Aproximada: un model de llenguatge ha escrit aquesta SQL; revisa que pregunti el que volies', cited: 'Files citades ({n})', row: '{file}, fila {row}', more: '… i {n} files més',
      unsupported: 'Cap fila citada no avala aquesta frase.', weakNote: 'Subratllat puntejat: cap fila citada no avala aquesta frase.',
      helpful: 'Útil', unhelpful: 'No és útil', saved: 'Gràcies, desat en aquest navegador.', sent: 'Gràcies, enviat a qui manté aquestes dades.', notSent: 'Gràcies, desat en aquest navegador (el servei de Tabletalk no ho ha acceptat).',
      unreachable: 'No s’ha pogut contactar amb el servei Tabletalk a {edge}. Pot estar aturat o no acceptar peticions d’aquest lloc.',
      timeout: 'El servei Tabletalk no ha respost en {s} segons. Torna-ho a provar més tard.',
      notFound: 'La col·lecció «{id}» no està publicada a {edge}.',
      rateLimited: 'Massa preguntes en poc temps. Espera un minut i torna a preguntar.',
      backend: 'El model de llenguatge no està disponible; aquestes són les files que coincideixen.',
      failed: 'El servei Tabletalk no ha pogut respondre ({status}): {message}',
      unreadable: 'El servei Tabletalk ha enviat una resposta que aquest xat no pot llegir.',
      setup: 'Aquest xat no està configurat: la pàgina ha d’indicar els atributs «edge» i «collection».',
    },
    de: {
      title: 'Diese Sammlung fragen', question: 'Frage', placeholder: 'Eine Frage zu den Daten stellen…', ask: 'Fragen',
      clear: 'Verlauf löschen', log: 'Antworten', you: 'Sie', thinking: 'Wird gesucht…', try: 'Zum Beispiel:',
      exact: 'Exakte Antwort', lookup: 'Passende Zeilen', meta: 'Über die Daten', clarify: 'Rückfrage',
      unanswerable: 'Keine Antwort', generated: 'Von einem Sprachmodell geschrieben: prüfen Sie die zitierten Zeilen',
      sql: 'So wurde es berechnet (SQL)', approximate: 'Ungefähr: ein Sprachmodell hat dieses SQL geschrieben; prüfen Sie, ob es fragt, was Sie meinten', cited: 'Zitierte Zeilen ({n})', row: '{file}, Zeile {row}', more: '… und {n} weitere Zeilen',
      unsupported: 'Keine zitierte Zeile stützt diesen Satz.', weakNote: 'Gepunktet unterstrichen: keine zitierte Zeile stützt diesen Satz.',
      helpful: 'Hilfreich', unhelpful: 'Nicht hilfreich', saved: 'Danke, in diesem Browser gespeichert.', sent: 'Danke, an die Betreuer dieser Daten gesendet.', notSent: 'Danke, in diesem Browser gespeichert (der Tabletalk-Dienst hat es nicht angenommen).',
      unreachable: 'Der Tabletalk-Dienst unter {edge} ist nicht erreichbar. Er ist vielleicht ausgefallen oder nimmt keine Anfragen von dieser Seite an.',
      timeout: 'Der Tabletalk-Dienst hat nicht innerhalb von {s} Sekunden geantwortet. Bitte später erneut versuchen.',
      notFound: 'Die Sammlung „{id}“ ist unter {edge} nicht veröffentlicht.',
      rateLimited: 'Zu viele Fragen in kurzer Zeit. Bitte eine Minute warten und erneut fragen.',
      backend: 'Das Sprachmodell ist gerade nicht verfügbar; stattdessen die passenden Zeilen.',
      failed: 'Der Tabletalk-Dienst konnte nicht antworten ({status}): {message}',
      unreadable: 'Der Tabletalk-Dienst hat eine Antwort geschickt, die dieser Chat nicht lesen kann.',
      setup: 'Dieser Chat ist nicht eingerichtet: Die Seite muss die Attribute „edge“ und „collection“ angeben.',
    },
  };

  /** How long one question may take, streaming included (the edge's own LLM limit is 30 s). */
  const TIMEOUT_S = 90;
  /** Citations listed per answer; the count says how many there are in all. */
  const MAX_CITED = 20;
  /** Answers kept in localStorage per edge and collection. */
  const MAX_KEPT = 50;
  /** The edge replays at most this many earlier questions (edge/src/collections/ask.rs). */
  const MAX_HISTORY = 10;
  /** The exact path's row-number column in result rows (shared/src/query/sql.rs). */
  const ROW = '__row';

  const CSS = `
    :host { all: initial; display: block; contain: content; }
    :host([hidden]) { display: none; }
    .root { box-sizing: border-box; display: flex; flex-direction: column; height: 100%; max-width: 100%;
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d232b; text-align: left;
      background: #fff; border: 1px solid #c9d0d8; border-radius: 10px; overflow: hidden; letter-spacing: normal;
      text-transform: none; word-spacing: normal; }
    *, *::before, *::after { box-sizing: border-box; }
    button, input { font: inherit; color: inherit; margin: 0; }
    header { display: flex; align-items: center; gap: .75rem; padding: .6rem .9rem; background: #f3f5f8; border-bottom: 1px solid #dfe3e8; }
    h2 { flex: 1; margin: 0; font-size: 1rem; font-weight: 600; }
    .source { display: block; font-size: .8rem; font-weight: 400; color: #4b5563; }
    button { cursor: pointer; border-radius: 6px; border: 1px solid #9aa6b4; background: #fff; padding: .3rem .7rem; line-height: 1.3; }
    button:hover { background: #eef2f7; }
    button:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #f0b400; outline-offset: 1px; }
    button:disabled { cursor: default; opacity: .6; }
    button.primary { background: var(--tabletalk-accent, #1f5fbf); border-color: var(--tabletalk-accent, #1f5fbf); color: #fff; font-weight: 600; padding: .45rem 1rem; }
    button.primary:hover { filter: brightness(1.1); }
    .clear { font-size: .85rem; }
    .log { flex: 1; min-height: 4rem; max-height: var(--tabletalk-log-height, 30rem); overflow-y: auto; padding: .75rem .9rem; display: flex; flex-direction: column; gap: .6rem; }
    .hint { color: #4b5563; font-size: .9rem; margin: 0; display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
    .hint button, .options button { font-size: .85rem; border-color: var(--tabletalk-accent, #1f5fbf); color: var(--tabletalk-accent, #1f5fbf); border-radius: 999px; }
    .q { align-self: flex-end; max-width: 85%; margin: 0; background: #e8f0fc; border-radius: 10px 10px 2px 10px; padding: .4rem .7rem; overflow-wrap: anywhere; }
    .a { max-width: 100%; border: 1px solid #dfe3e8; border-radius: 2px 10px 10px 10px; padding: .55rem .75rem; overflow-wrap: anywhere; }
    .route { display: inline-block; font-size: .75rem; font-weight: 600; color: #374151; background: #edf0f4; border-radius: 4px; padding: 0 .4rem; margin-bottom: .3rem; }
    .route.generated { background: #fff3d6; }
    .text { margin: 0; white-space: pre-wrap; }
    .text .weak { text-decoration: underline dotted #b45309; }
    .note { margin: .2rem 0 0; font-size: .8rem; color: #4b5563; }
    .note::before { content: ""; display: inline-block; width: 1.6em; margin-right: .35em; vertical-align: middle; border-bottom: 1px dotted #b45309; }
    .error { margin: .3rem 0 0; padding: .35rem .55rem; border-radius: 6px; background: #fdecec; border: 1px solid #e3a1a1; color: #7a1414; }
    .pending { color: #4b5563; font-style: italic; }
    details { margin-top: .35rem; font-size: .88rem; }
    summary { cursor: pointer; color: #1f4f99; }
    pre { margin: .3rem 0 0; padding: .4rem .55rem; background: #f6f8fa; border-radius: 6px; white-space: pre-wrap; font: .82rem/1.4 ui-monospace, "SFMono-Regular", Menlo, monospace; }
    p.approximate { margin: .3rem 0 0; padding: .15rem .45rem; border-left: 3px solid #e0b35c; background: #fff1d6; color: #7a4a00; font-size: .85rem; }
    ul.cited { list-style: none; margin: .3rem 0 0; padding: 0; display: flex; flex-direction: column; gap: .2rem; }
    ul.cited details { margin: 0; }
    table { border-collapse: collapse; margin: .25rem 0 .2rem 1rem; font-size: .85rem; }
    th, td { text-align: left; padding: .1rem .5rem; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
    th { font-weight: 600; color: #374151; }
    .options { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .4rem; }
    .feedback { display: flex; align-items: center; justify-content: flex-end; gap: .3rem; margin-top: .35rem; font-size: .8rem; color: #4b5563; }
    .feedback button { padding: .15rem .4rem; border-color: #c9d0d8; line-height: 0; }
    .feedback button[aria-pressed="true"] { background: #e8f0fc; border-color: var(--tabletalk-accent, #1f5fbf); }
    .feedback button[aria-pressed="true"] svg { fill: var(--tabletalk-accent, #1f5fbf); }
    .feedback svg { width: 16px; height: 16px; fill: #374151; }
    .feedback .down svg { transform: rotate(180deg); }
    form { display: flex; gap: .5rem; align-items: center; padding: .6rem .9rem; border-top: 1px solid #dfe3e8; background: #fafbfc; }
    label { font-weight: 600; font-size: .9rem; }
    input { flex: 1; min-width: 6rem; padding: .45rem .6rem; border: 1px solid #8a96a3; border-radius: 6px; background: #fff; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  `;

  /** A thumbs-up icon (Material Icons path, Apache-2.0), drawn from a constant: no markup parsing. */
  const THUMB = 'M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z';

  /** `el('p', {class: 'x'}, 'text', child)`: attributes by setAttribute, strings as text nodes. */
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs ?? {})) {
      if (v === false || v == null) continue;
      if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat()) if (c != null && c !== false) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
    return e;
  }

  function thumb() {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', THUMB);
    svg.append(path);
    return svg;
  }

  /** A cell value as text: null is empty, numbers and booleans as JSON writes them. */
  function show(v) {
    if (v == null) return '';
    if (typeof v === 'string') return v;
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }

  /** Reads a server-sent-event body, calling `on[event](data)` for each complete event. */
  async function readEvents(res, on) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    const flush = (block) => {
      let event = 'message';
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (!data.length || !on[event]) return;
      let parsed;
      try { parsed = JSON.parse(data.join('\n')); } catch { return; }
      on[event](parsed);
    };
    for (;;) {
      const { done, value } = await reader.read();
      buf += decoder.decode(value ?? new Uint8Array(), { stream: !done });
      let cut;
      while ((cut = buf.search(/\r?\n\r?\n/)) >= 0) {
        flush(buf.slice(0, cut));
        buf = buf.slice(cut).replace(/^\r?\n\r?\n/, '');
      }
      if (done) break;
    }
    if (buf.trim()) flush(buf);
  }

  class TabletalkChat extends HTMLElement {
    static get observedAttributes() { return ['collection', 'edge', 'lang']; }

    constructor() {
      super();
      this.attachShadow({ mode: 'open' });
      this.busy = false;
    }

    connectedCallback() { this.setup(); }

    attributeChangedCallback() {
      // Several attributes may change at once: rebuild once, after the current task.
      if (this.isConnected && !this.pendingSetup) {
        this.pendingSetup = true;
        queueMicrotask(() => { this.pendingSetup = false; this.setup(); });
      }
    }

    /** Language: the `lang` attribute, else the browser's, else English. */
    get t() {
      const want = (this.getAttribute('lang') || navigator.language || 'en').slice(0, 2).toLowerCase();
      return STRINGS[want] ?? STRINGS.en;
    }

    fmt(key, vars = {}) {
      return this.t[key].replace(/\{(\w+)\}/g, (_, k) => show(vars[k]));
    }

    get edge() { return (this.getAttribute('edge') || '').trim().replace(/\/+$/, ''); }
    get collection() { return (this.getAttribute('collection') || '').trim(); }
    get storageKey() { return `tabletalk-chat:${this.edge}|${this.collection}`; }

    /** Builds the whole UI from scratch and restores the stored conversation. */
    setup() {
      const t = this.t;
      const root = this.shadowRoot;
      root.replaceChildren();
      root.append(el('style', {}, CSS));
      const id = `tt-q-${Math.random().toString(36).slice(2)}`;
      this.titleEl = el('h2', {}, t.title);
      this.clearBtn = el('button', { type: 'button', class: 'clear', onclick: () => this.clear() }, t.clear);
      this.logEl = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': t.log, tabindex: '0' });
      this.input = el('input', { id, type: 'text', name: 'question', autocomplete: 'off', placeholder: t.placeholder, maxlength: '2000' });
      this.askBtn = el('button', { type: 'submit', class: 'primary' }, t.ask);
      const form = el('form', {
        onsubmit: (e) => {
          e.preventDefault();
          this.ask(this.input.value);
        },
      }, el('label', { for: id }, t.question), this.input, this.askBtn);
      root.append(el('div', { class: 'root', part: 'chat' }, el('header', {}, this.titleEl, this.clearBtn), this.logEl, form));

      this.entries = [];
      this.history = [];
      this.info = null;
      if (!this.edge || !this.collection) {
        this.logEl.append(el('p', { class: 'error', role: 'alert' }, t.setup));
        this.input.disabled = this.askBtn.disabled = true;
        return;
      }
      for (const entry of this.load()) this.add(entry);
      this.history = this.entries.filter((e) => e.answer).map((e) => e.question);
      this.loadInfo();
    }

    /** Title, source and example questions from `GET /v1/collections/{id}`; the chat works without them. */
    async loadInfo() {
      const edge = this.edge;
      try {
        const res = await fetch(`${edge}/v1/collections/${encodeURIComponent(this.collection)}`, { credentials: 'omit', signal: AbortSignal.timeout(TIMEOUT_S * 1000) });
        if (!res.ok) return;
        const info = await res.json();
        if (edge !== this.edge) return;
        this.info = info;
        if (typeof info.title === 'string' && info.title) {
          this.titleEl.replaceChildren(info.title);
          if (typeof info.source === 'string' && info.source) this.titleEl.append(el('span', { class: 'source' }, info.source));
        }
        this.showExamples();
        for (const e of this.entries) if (e.view && !e.view.pending) this.fill(e, e.view);
      } catch {
        // Asking reports an unreachable edge with a specific message; no need to say it twice.
      }
    }

    /** A few example questions as buttons while the conversation is empty. */
    showExamples() {
      this.hint?.remove();
      const examples = Array.isArray(this.info?.examples) ? this.info.examples.filter((x) => typeof x === 'string').slice(0, 3) : [];
      if (this.entries.length || !examples.length) return;
      this.hint = el('p', { class: 'hint' }, this.t.try, examples.map((q) => el('button', { type: 'button', onclick: () => this.ask(q) }, q)));
      this.logEl.prepend(this.hint);
    }

    load() {
      try {
        const kept = JSON.parse(localStorage.getItem(this.storageKey) ?? '[]');
        return Array.isArray(kept) ? kept.filter((e) => e && typeof e.question === 'string') : [];
      } catch {
        return [];
      }
    }

    save() {
      try {
        localStorage.setItem(this.storageKey, JSON.stringify(this.entries.slice(-MAX_KEPT).map(({ view, ...e }) => e)));
      } catch {
        // Storage can be full or blocked (private modes, sandboxed frames): the chat still works.
      }
    }

    clear() {
      this.entries = [];
      this.history = [];
      try { localStorage.removeItem(this.storageKey); } catch {}
      this.logEl.replaceChildren();
      this.showExamples();
      this.input.focus();
    }

    /** Sends a question (typed, an example, or a clarifying option) and shows the answer. */
    async ask(raw) {
      const question = String(raw ?? '').trim();
      if (!question || this.busy) return;
      this.busy = true;
      this.askBtn.disabled = true;
      this.input.value = '';
      this.hint?.remove();
      const entry = { id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, question, answer: null, error: null, feedback: null };
      const view = this.add(entry, true);
      try {
        await this.fetchAnswer(entry, view);
      } catch (e) {
        entry.error = e?.name === 'TimeoutError' || e?.name === 'AbortError' ? this.fmt('timeout', { s: TIMEOUT_S }) : this.fmt('unreachable', { edge: this.edge });
      }
      if (!entry.answer && !entry.error) entry.error = this.t.unreadable;
      this.fill(entry, view);
      if (this.entries.includes(entry)) {
        // Not cleared (or rebuilt) while the answer was on its way.
        if (entry.answer) this.history.push(question);
        this.save();
      }
      this.busy = false;
      this.askBtn.disabled = false;
      this.input.focus();
    }

    /** `POST /v1/collections/{id}/ask`, streamed: `delta` events, maybe `error`, then `answer`.
     *  Errors before the stream starts are JSON `{error, message, answer?}` with a 4xx/5xx status. */
    async fetchAnswer(entry, view) {
      const res = await fetch(`${this.edge}/v1/collections/${encodeURIComponent(this.collection)}/ask`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ question: entry.question, history: this.history.slice(-MAX_HISTORY) }),
        signal: AbortSignal.timeout(TIMEOUT_S * 1000),
      });
      const type = res.headers.get('content-type') ?? '';
      if (res.ok && type.includes('text/event-stream')) {
        let text = '';
        await readEvents(res, {
          delta: (d) => {
            text += show(d?.text);
            view.body.replaceChildren(el('p', { class: 'text' }, text));
          },
          error: (e) => { entry.error = this.explain(res.status, e); },
          answer: (a) => { if (a && typeof a.answer === 'string') entry.answer = a; },
        });
        return;
      }
      const body = await res.json().catch(() => null);
      if (res.ok && body && typeof body.answer === 'string') {
        entry.answer = body;
        return;
      }
      entry.error = this.explain(res.status, body);
      if (body?.answer && typeof body.answer.answer === 'string') entry.answer = body.answer;
    }

    /** One vote to the edge; true when it was recorded. The question and answer go as text. */
    async sendVote(entry, vote) {
      const a = entry.answer;
      const citations = Array.isArray(a?.citations)
        ? a.citations.filter((c) => typeof c?.file === 'string' && Number.isInteger(c?.row)).map((c) => ({ file: c.file, row: c.row }))
        : [];
      try {
        const res = await fetch(`${this.edge}/v1/collections/${encodeURIComponent(this.collection)}/feedback`, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ vote, question: entry.question, answer: typeof a?.answer === 'string' ? a.answer : '', intent: typeof a?.intent === 'string' ? a.intent : null, citations }),
          signal: AbortSignal.timeout(TIMEOUT_S * 1000),
        });
        return res.status === 201;
      } catch {
        return false;
      }
    }

    /** A specific message for an edge error (`{error, message}`), never a stack trace. */
    explain(status, body) {
      switch (body?.error) {
        case 'not_found': return this.fmt('notFound', { id: this.collection, edge: this.edge });
        case 'rate_limited': return this.t.rateLimited;
        case 'backend_unavailable':
        case 'backend_timeout': return this.t.backend;
        default: return this.fmt('failed', { status, message: body?.message ?? '' }).replace(/: $/, '.');
      }
    }

    /** Adds an entry's question and answer card to the log; returns the card's parts. */
    add(entry, pending = false) {
      this.entries.push(entry);
      this.hint?.remove();
      const card = el('div', { class: 'a', 'aria-busy': pending ? 'true' : false });
      const body = el('div', {}, pending ? el('p', { class: 'pending' }, this.t.thinking) : null);
      card.append(body);
      const view = { card, body, pending };
      entry.view = view;
      this.logEl.append(el('p', { class: 'q' }, el('span', { class: 'sr' }, `${this.t.you}: `), entry.question), card);
      if (!pending) this.fill(entry, view);
      this.logEl.scrollTop = this.logEl.scrollHeight; // the log only: the portal page must not jump
      return view;
    }

    /** Renders an answered (or failed) entry into its card. */
    fill(entry, view) {
      const t = this.t;
      const a = entry.answer;
      const parts = [];
      if (a) {
        const route = typeof a.route === 'string' && t[a.route] ? a.route : null;
        if (route) parts.push(el('span', { class: `route ${route}` }, t[route]));
        parts.push(this.answerText(a));
      }
      if (entry.error) parts.push(el('p', { class: 'error', role: 'alert' }, entry.error));
      if (a) {
        if (a.clarify && Array.isArray(a.clarify.options)) {
          if (a.clarify.question && a.clarify.question !== a.answer) parts.push(el('p', { class: 'text' }, show(a.clarify.question)));
          parts.push(el('div', { class: 'options' }, a.clarify.options.map((o) => el('button', { type: 'button', onclick: () => this.ask(show(o)) }, show(o)))));
        }
        if (a.approximate === true) parts.push(el('p', { class: 'approximate', 'data-testid': 'approximate' }, t.approximate));
        if (typeof a.sql === 'string' && a.sql) parts.push(el('details', { class: 'sql' }, el('summary', {}, t.sql), el('pre', {}, el('code', {}, a.sql))));
        const cited = this.citations(a);
        if (cited) parts.push(cited);
        parts.push(this.feedback(entry));
      }
      view.body.replaceChildren(...parts);
      view.card.removeAttribute('aria-busy');
      view.pending = false;
      if (entry === this.entries.at(-1)) this.logEl.scrollTop = this.logEl.scrollHeight;
    }

    /** The answer, sentence by sentence when generated, with unsupported sentences marked. */
    answerText(a) {
      const p = el('p', { class: 'text' });
      if (a.route === 'generated' && Array.isArray(a.sentences) && a.sentences.length) {
        a.sentences.forEach((s, i) => {
          if (i) p.append(' ');
          p.append(s.supported === false ? el('span', { class: 'weak', title: this.t.unsupported }, show(s.text), el('span', { class: 'sr' }, ` (${this.t.unsupported})`)) : show(s.text));
        });
      } else {
        p.textContent = show(a.answer);
      }
      if (!p.querySelector('.weak')) return p;
      return el('div', {}, p, el('p', { class: 'note', 'aria-hidden': 'true' }, this.t.weakNote));
    }

    /** Cited rows: each expands to its values when the answer carries them (result rows with
     *  `__row` holding all the table's columns, or the passages a generated answer read); the
     *  rows behind a count or a sum come as references only (the edge sends no values for them). */
    citations(a) {
      const list = Array.isArray(a.citations) ? a.citations.filter((c) => c && c.file != null && c.row != null) : [];
      if (!list.length) return null;
      const values = new Map();
      const rows = a.rows;
      const cols = Array.isArray(rows?.columns) ? rows.columns : [];
      const ri = cols.indexOf(ROW);
      // The table whose every column is in the result: then a result row is a whole table row.
      const table = (Array.isArray(this.info?.schema) ? this.info.schema : []).find((t) =>
        t.file === list[0].file && Array.isArray(t.columns) && t.columns.length && t.columns.every((c) => cols.includes(c.name)));
      if (ri >= 0 && table && list.every((c) => c.file === table.file)) {
        for (const r of Array.isArray(rows.rows) ? rows.rows : []) {
          values.set(`${table.file}\u0000${r[ri]}`, table.columns.map((c) => [c.name, r[cols.indexOf(c.name)]]));
        }
      }
      const texts = new Map((Array.isArray(a.passages) ? a.passages : []).map((p) => [`${p.file}\u0000${p.row}`, p.text]));
      const items = list.slice(0, MAX_CITED).map((c) => {
        const key = `${c.file}\u0000${c.row}`;
        const label = this.fmt('row', { file: c.file, row: c.row });
        const attrs = { 'data-file': show(c.file), 'data-row': show(c.row) };
        const vals = values.get(key);
        const text = texts.get(key);
        if (!vals && typeof text !== 'string') return el('li', attrs, label);
        const detail = vals
          ? el('table', {}, el('tbody', {}, vals.map(([k, v]) => el('tr', {}, el('th', { scope: 'row' }, show(k)), el('td', {}, show(v))))))
          : el('p', { class: 'text' }, text);
        return el('li', attrs, el('details', {}, el('summary', {}, label), detail));
      });
      if (list.length > MAX_CITED) items.push(el('li', {}, this.fmt('more', { n: list.length - MAX_CITED })));
      return el('details', { class: 'citations' }, el('summary', {}, this.fmt('cited', { n: list.length })), el('ul', { class: 'cited' }, items));
    }

    /** Thumbs up/down: kept in localStorage with the answer, and sent to the edge
     *  (`POST /v1/collections/{id}/feedback`), where the collection's owner reads the hit rate. */
    feedback(entry) {
      const t = this.t;
      const note = el('span', { 'aria-live': 'polite' });
      const mk = (value, cls, label) => el('button', {
        type: 'button', class: cls, 'aria-label': label, title: label, 'aria-pressed': String(entry.feedback === value),
        onclick: async (e) => {
          entry.feedback = entry.feedback === value ? null : value;
          for (const b of e.currentTarget.parentElement.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.value === entry.feedback));
          note.textContent = entry.feedback ? t.saved : '';
          this.save();
          if (!entry.feedback) return;
          const vote = entry.feedback;
          const sent = await this.sendVote(entry, vote);
          if (entry.feedback === vote) note.textContent = sent ? t.sent : t.notSent;
        },
        'data-value': value,
      }, thumb());
      return el('div', { class: 'feedback' }, note, mk('up', 'up', t.helpful), mk('down', 'down', t.unhelpful));
    }
  }

  customElements.define('tabletalk-chat', TabletalkChat);
})();
