// The training as plain server HTML, one step at a time: headings, the step's media (a YouTube or Vimeo player by its
// embed address, or an image), the question as a labelled group of radios or checkboxes, and a small script that
// checks the answer and finishes the training. The template's accent colour and light or dark scheme are kept.
import { parseVideoLink, type Media } from '@bulwark/core';
import { esc, shell } from './pages.ts';
import { isQuestion, type TrainingStep, type TrainingTemplate } from './training.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

export function mediaHtml(m: Media | null | undefined, title: string): string {
  if (!m || !m.url) return '';
  if (m.type === 'video') {
    const v = parseVideoLink(m.url);
    if (!v) return '';
    const src = v.provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${v.id}` : `https://player.vimeo.com/video/${v.id}`;
    return `<div class="media"><iframe src="${esc(src)}" title="${esc(title)}" width="560" height="315" allow="fullscreen; picture-in-picture" allowfullscreen loading="lazy"></iframe></div>`;
  }
  return /^https?:\/\//i.test(m.url) ? `<div class="media"><img src="${esc(m.url)}" alt="${esc(title)}"></div>` : '';
}

const paragraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

export interface TrainingView {
  token: string;
  template: TrainingTemplate;
  steps: TrainingStep[];
  index: number;
  answers: Record<string, number[]>;
  completedScore: number | null;
  language: string;
}

const SCRIPT = (token: string) => `(function(){var T=${JSON.stringify(token)};
function post(p,b){return fetch('/t/'+T+p,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(b),credentials:'omit'}).then(function(r){return r.json().then(function(j){return{ok:r.ok,j:j};});});}
var q=document.getElementById('question'),fb=document.getElementById('feedback'),next=document.getElementById('next'),fin=document.getElementById('finish');
if(q)q.addEventListener('submit',function(e){e.preventDefault();var o=[];Array.prototype.forEach.call(q.querySelectorAll('input:checked'),function(i){o.push(Number(i.value));});
post('/answer',{step:Number(q.dataset.step),options:o}).then(function(r){if(!r.ok){fb.textContent=(r.j&&r.j.options)||(r.j&&r.j.step)||'Choose an answer.';return;}fb.className=r.j.correct?'correct':'incorrect';fb.innerHTML='';var p=document.createElement('p');p.textContent=r.j.message||(r.j.correct?'Correct.':'Not quite.');fb.appendChild(p);if(r.j.media_html){var d=document.createElement('div');d.innerHTML=r.j.media_html;fb.appendChild(d);}if(next)next.hidden=false;if(fin)fin.hidden=false;});});
if(fin)fin.addEventListener('click',function(){post('/complete',{}).then(function(r){var s=document.getElementById('score');if(!r.ok){s.textContent=(r.j&&r.j.detail)||'Answer every question first.';return;}s.textContent='Training completed. Your score: '+r.j.score+'%';fin.hidden=true;});});})();`;

export function trainingPage(v: TrainingView): string {
  const accent = HEX.test(v.template.accentColor) ? v.template.accentColor : '#1c7ed6';
  const dark = v.template.colorScheme === 'dark';
  const step = v.steps[v.index];
  const last = v.index === v.steps.length - 1;
  const head = `<style>:root{color-scheme:${dark ? 'dark' : 'light'}}body{background:${dark ? '#1a1b1e' : '#fff'};color:${dark ? '#e9ecef' : '#212529'}}
h1{color:${accent}}button,.button{background:${accent};color:#fff;border:0;border-radius:4px;padding:.5rem 1rem;font:inherit;cursor:pointer;text-decoration:none;display:inline-block}
fieldset{border:1px solid ${accent};border-radius:4px}.correct{color:#2b8a3e}.incorrect{color:#c92a2a}.media iframe,.media img{max-width:100%}label{display:block;margin:.25rem 0}</style>`;
  const logo =
    v.template.logoUrl && /^https?:\/\//i.test(v.template.logoUrl) ? `<img src="${esc(v.template.logoUrl)}" alt="" height="48">` : '';
  if (!step) return shell(v.template.name, `<main>${logo}<h1>${esc(v.template.name)}</h1><p>This training has no steps.</p></main>`, head);
  const answered = v.answers[String(step.id)] ?? [];
  const question = isQuestion(step)
    ? `<form id="question" data-step="${step.id}"><fieldset><legend>Question</legend>${step.questionOptions
        .map(
          (o) =>
            `<label><input type="${step.questionType === 'single_choice' ? 'radio' : 'checkbox'}" name="option" value="${o.id}"${answered.includes(o.id) ? ' checked' : ''}> ${esc(o.text)}</label>`,
        )
        .join(
          '',
        )}</fieldset><p><button type="submit">Check answer</button></p></form><div id="feedback" role="status" aria-live="polite"></div>`
    : '';
  // A step with a question shows Next or Finish once it is answered; a no_content step needs no answer (§5).
  const hidden = isQuestion(step) && answered.length === 0 ? ' hidden' : '';
  const nav = last
    ? v.completedScore !== null
      ? ''
      : `<p><button type="button" id="finish"${hidden}>Finish the training</button></p>`
    : `<p><a class="button" id="next" href="/t/${v.token}?step=${v.index + 1}"${hidden}>Next</a></p>`;
  const done = v.completedScore !== null ? `Training completed. Your score: ${v.completedScore}%` : '';
  const body = `<main>${logo}<h1>${esc(v.template.name)}</h1><p>Step ${v.index + 1} of ${v.steps.length}</p><h2>${esc(step.title)}</h2>${paragraphs(step.description)}${mediaHtml(step.media, step.title)}${question}${nav}<p id="score" role="status" aria-live="polite">${done}</p></main>`;
  return shell(v.template.name, body, head).replace('<html lang="en">', `<html lang="${esc(langCode(v.language))}">`);
}

/** The page's language code for screen readers (the template language names of core's LANGUAGES). */
function langCode(language: string): string {
  const codes: Record<string, string> = {
    english: 'en',
    german: 'de',
    french: 'fr',
    spanish: 'es',
    dutch: 'nl',
    portuguese: 'pt',
    polish: 'pl',
    swedish: 'sv',
    danish: 'da',
    norwegian: 'no',
    finnish: 'fi',
  };
  return codes[language] ?? 'en';
}

export const trainingScript = SCRIPT;
