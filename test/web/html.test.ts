import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, html } from '../../src/web/markup/html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('leaves other text, emojis included, as it is', () => {
    assert.equal(escapeHtml('Play’n GO 🍒 96.5%'), 'Play’n GO 🍒 96.5%');
  });
});

describe('html', () => {
  it('escapes every interpolated string and number', () => {
    const name = '<script>alert(1)</script>';
    assert.equal(html`<h1 title="${name}">${name} ${5}</h1>`.value, '<h1 title="&lt;script&gt;alert(1)&lt;/script&gt;">&lt;script&gt;alert(1)&lt;/script&gt; 5</h1>');
  });

  it('keeps nested html as markup and escapes the text inside it once', () => {
    const inner = html`<b>${'a & b'}</b>`;
    assert.equal(html`<p>${inner}</p>`.value, '<p><b>a &amp; b</b></p>');
  });

  it('joins lists, escaping each item', () => {
    assert.equal(html`<ul>${['<i>', 'x'].map((item) => html`<li>${item}</li>`)}</ul>`.value, '<ul><li>&lt;i&gt;</li><li>x</li></ul>');
    assert.equal(html`${['<', '>']}`.value, '&lt;&gt;');
  });

  it('renders booleans, null and undefined as nothing, so conditions read naturally', () => {
    const show = (flag: boolean) => html`[${flag && html`<em>on</em>`}]`.value;
    assert.equal(show(true), '[<em>on</em>]');
    assert.equal(show(false), '[]');
    assert.equal(html`${null}${undefined}${true}`.value, '');
  });

  it('renders a string that looks like markup as text even when it came from html elsewhere', () => {
    const text = html`<b>x</b>`.value;
    assert.equal(html`${text}`.value, '&lt;b&gt;x&lt;/b&gt;');
  });
});
