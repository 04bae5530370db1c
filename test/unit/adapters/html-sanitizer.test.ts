import test from 'ava';
import { SanitizeHtmlSanitizer } from '../../../adapters/html-sanitizer/html-sanitizer.sanitize-html.ts';
import { hasContent } from '../../../core/signatures/signature-html.ts';

const sanitizer = new SanitizeHtmlSanitizer();
const clean = (html: string) => sanitizer.sanitize(html);

// Payloads in the style of the OWASP XSS filter evasion cheat sheet. After cleaning, none may keep a script, an
// event handler, a javascript:/vbscript: URL, a frame, an object, a form or a stylesheet.
const PAYLOADS: Array<[string, string]> = [
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror, quoted, real src', '<img src="https://x.test/a.png" onerror="alert(1)">'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg with script inside', '<svg><script>alert(1)</script></svg>'],
  ['body onload', '<body onload=alert(1)>'],
  ['a href javascript', '<a href="javascript:alert(1)">x</a>'],
  ['a href mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['a href decimal entities', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
  ['a href hex entities without semicolons', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A alert(1)">x</a>'],
  ['a href embedded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['a href embedded newline', '<a href="jav&#x0A;ascript:alert(1)">x</a>'],
  ['a href leading space', '<a href=" javascript:alert(1)">x</a>'],
  ['a href vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
  ['a href data html', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['img src javascript', '<img src="javascript:alert(1)">'],
  ['img data svg', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['iframe', '<iframe src="https://evil.test"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['script', '<script>alert(1)</script>'],
  ['script, odd case', '<ScRiPt>alert(1)</sCrIpT>'],
  ['script src', '<script src="https://evil.test/x.js"></script>'],
  ['style @import', '<style>@import "https://evil.test/x.css";</style>'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.test/x.css">'],
  ['div style url javascript', '<div style="background:url(javascript:alert(1))">d</div>'],
  ['div style url quoted javascript', '<div style="background-image: url(\'javascript:alert(1)\')">d</div>'],
  ['div style expression', '<div style="width: expression(alert(1))">d</div>'],
  ['div style escaped expression', '<div style="width: exp\\72 ession(alert(1))">d</div>'],
  ['div style comment-split expression', '<div style="width: exp/**/ression(alert(1))">d</div>'],
  ['div style behavior', '<div style="behavior: url(x.htc)">d</div>'],
  ['div style -moz-binding', '<div style="-moz-binding: url(https://evil.test/x.xml#x)">d</div>'],
  ['object', '<object data="https://evil.test/x.swf"></object>'],
  ['embed', '<embed src="https://evil.test/x.swf">'],
  ['form', '<form action="https://evil.test"><input name="p"><button>go</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['math', '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>'],
  ['onmouseover on allowed tag', '<b onmouseover="alert(1)">b</b>'],
  ['unclosed tag trick', '<img """><script>alert(1)</script>">'],
  ['malformed a tag', '<a onmouseover="alert(1)">x</a>'],
];

const DANGEROUS = /<\s*(script|iframe|object|embed|form|input|button|link|style|meta|base|svg|math|body)\b|\son\w+\s*=|javascript:|vbscript:|expression|behavior|binding|data:text|data:image\/svg/i;

for (const [name, payload] of PAYLOADS) {
  test(`XSS payload is defused: ${name}`, (t) => {
    const out = clean(payload);
    t.false(DANGEROUS.test(out), out);
  });
}

test('protocol-relative and relative URLs are dropped; http, https, mailto and cid stay', (t) => {
  t.is(clean('<a href="//evil.test/x">p</a>'), '<a>p</a>');
  t.is(clean('<a href="/relative">r</a>'), '<a>r</a>');
  t.is(clean('<img src="logo.png" alt="l">'), '<img alt="l" />');
  t.is(
    clean('<a href="http://a.test/">h</a><a href="https://a.test/">s</a><a href="mailto:jane@acme.test">m</a><a href="cid:logo">c</a>'),
    '<a href="http://a.test/">h</a><a href="https://a.test/">s</a><a href="mailto:jane@acme.test">m</a><a href="cid:logo">c</a>',
  );
  t.is(clean('<img src="cid:logo@acme">'), '<img src="cid:logo@acme" />');
});

test('data: URIs survive only as raster images in img', (t) => {
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  t.is(clean(`<img src="${png}">`), `<img src="${png}" />`);
  t.is(clean('<a href="data:image/png;base64,AAAA">x</a>'), '<a>x</a>');
  t.is(clean('<img src="data:text/html;base64,PHNjcmlwdD4=">'), '<img />');
});

test('inline styles keep safe declarations and drop the dangerous ones', (t) => {
  t.is(clean('<div style="color: red; width: expression(alert(1)); font-weight: bold">d</div>'), '<div style="color:red;font-weight:bold">d</div>');
  t.is(clean('<td style="background:url(https://acme.test/bg.png) no-repeat">x</td>'), '<td style="background:url(https://acme.test/bg.png) no-repeat">x</td>');
  t.is(clean('<span style="position:fixed;top:0">x</span>'), '<span>x</span>');
});

test('normal signature HTML survives: bold, links, an image, a table', (t) => {
  const signature = [
    '<table cellpadding="0" cellspacing="0" border="0" style="font-family:Arial, sans-serif;font-size:13px">',
    '<tbody><tr><td style="padding-right:12px"><img src="https://acme.test/logo.png" alt="Acme" width="64" height="64" /></td>',
    '<td><b>Jane Doe</b><br /><i>Head of Sales</i><br />',
    '<a href="https://acme.test" target="_blank">acme.test</a> · <a href="mailto:jane@acme.test">jane@acme.test</a>',
    '<br /><span style="color:#666666">+1 555 0100</span></td></tr></tbody></table>',
  ].join('');
  t.is(clean(signature), signature);
  t.true(hasContent(clean(signature)));
});

test('text is kept and escaped; NUL characters are removed', (t) => {
  t.is(clean('Tom & Jerry <3'), 'Tom &amp; Jerry &lt;3');
  t.is(clean('a\u0000b'), 'ab');
});

test('hasContent: visible text or an image with a source', (t) => {
  t.true(hasContent('<p>x</p>'));
  t.true(hasContent('<img src="https://acme.test/l.png" />'));
  t.false(hasContent('<img />'));
  t.false(hasContent('<p>&nbsp; </p><br /><div>\u200b</div>'));
  t.false(hasContent(''));
});
