import sanitizeHtml, { type IOptions } from 'sanitize-html';
import type { HtmlSanitizer } from '../../core/ports/html-sanitizer.ts';

// An allow-list fit for e-mail bodies and signatures: text, lists, tables and images with inline styles. Anything
// not listed (script, iframe, object, embed, form, link, style, svg, math, meta, base, event handlers) is dropped.

const TAGS = [
  'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col',
  'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'span',
  'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'tt', 'u', 'ul', 'wbr',
];

const EVERYWHERE = ['style', 'class', 'title', 'dir', 'lang', 'align', 'valign', 'width', 'height', 'bgcolor'];

const ATTRIBUTES: Record<string, string[]> = {
  '*': EVERYWHERE,
  a: ['href', 'name', 'target', 'rel'],
  img: ['src', 'alt', 'border', 'hspace', 'vspace'],
  table: ['border', 'cellpadding', 'cellspacing', 'summary'],
  td: ['colspan', 'rowspan', 'nowrap', 'abbr', 'scope'],
  th: ['colspan', 'rowspan', 'nowrap', 'abbr', 'scope'],
  col: ['span'],
  colgroup: ['span'],
  font: ['color', 'face', 'size'],
  ol: ['start', 'type', 'reversed'],
  ul: ['type'],
  li: ['value'],
  del: ['datetime'],
  ins: ['datetime'],
};

// CSS properties mail clients honour; the values pass only when they cannot run script or load from a
// non-web scheme: no expression(), behavior, -moz-binding, @import, escapes or comments (which hide those
// words), no markup, and url() only for http(s).
const STYLE_PROPERTIES = [
  'background', 'background-color', 'background-image', 'background-position', 'background-repeat', 'background-size',
  'border', 'border-bottom', 'border-bottom-color', 'border-bottom-style', 'border-bottom-width', 'border-collapse',
  'border-color', 'border-left', 'border-left-color', 'border-left-style', 'border-left-width', 'border-radius',
  'border-right', 'border-right-color', 'border-right-style', 'border-right-width', 'border-spacing', 'border-style',
  'border-top', 'border-top-color', 'border-top-style', 'border-top-width', 'border-width', 'color', 'direction',
  'display', 'float', 'font', 'font-family', 'font-size', 'font-style', 'font-variant', 'font-weight', 'height',
  'letter-spacing', 'line-height', 'list-style', 'list-style-position', 'list-style-type', 'margin', 'margin-bottom',
  'margin-left', 'margin-right', 'margin-top', 'max-height', 'max-width', 'min-height', 'min-width', 'opacity',
  'overflow', 'padding', 'padding-bottom', 'padding-left', 'padding-right', 'padding-top', 'table-layout',
  'text-align', 'text-decoration', 'text-indent', 'text-transform', 'vertical-align', 'white-space', 'width',
  'word-break', 'word-spacing', 'word-wrap', 'mso-line-height-rule',
];
const SAFE_CSS_VALUE = /^(?!.*(?:expression|javascript|vbscript|livescript|behaviou?r|binding|@import|\\|\/\*|\*\/|url\s*\(\s*(?!["']?https?:\/\/)))[^<>{};]*$/is;

// Links and images need an absolute URL of these schemes (a relative URL means nothing in a mailbox); data: URIs
// only as raster images inside <img>, since SVG can carry script. sanitize-html checks schemes again after us.
const LINK_URL = /^(?:https?:\/\/|mailto:|cid:)/i;
const IMAGE_URL = /^(?:https?:\/\/|cid:|data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]*$)/i;

/** Keeps the URL attribute (trimmed, in its place) only when it passes `allowed`. */
const keepUrl = (attribute: string, allowed: RegExp) => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: Object.fromEntries(Object.entries(attribs).flatMap(([name, value]) => {
    if (name !== attribute) return [[name, value]];
    const url = value.trim();
    return allowed.test(url) ? [[name, url]] : [];
  })),
});

const OPTIONS: IOptions = {
  allowedTags: TAGS,
  allowedAttributes: ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto', 'cid'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_CSS_VALUE]])) },
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just unwrapped: their text is code or chrome, never content.
  nonTextTags: [
    'script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'xmp', 'iframe', 'object',
    'embed', 'noembed', 'noframes', 'frameset', 'applet', 'svg', 'math', 'select', 'button',
  ],
  transformTags: { a: keepUrl('href', LINK_URL), img: keepUrl('src', IMAGE_URL) },
};

/** HtmlSanitizer on sanitize-html (spec: signatures are "sanitised like outgoing mail"). */
export class SanitizeHtmlSanitizer implements HtmlSanitizer {
  sanitize(html: string): string {
    // NUL is not HTML (parsers replace it) and PostgreSQL text cannot store it.
    return sanitizeHtml(html.replace(/\u0000/g, ''), OPTIONS);
  }
}
