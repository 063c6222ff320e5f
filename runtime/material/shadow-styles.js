// Zensical's search dialog under the site's Content-Security-Policy.
// Zensical (Material's successor) draws its search dialog in a shadow root
// and styles it with a <style> element appended there, which the policy
// refuses (style-src is 'self': no inline style), leaving the dialog without
// its layout. Loaded before Zensical's bundle on Zensical's pages only
// (site_overrides/main.html), this makes a <style> appended to a shadow root
// a constructed stylesheet adopted by that root instead: the same rules,
// set through the CSSOM as a script sets an element's style properties,
// which the policy does not govern. Only the site's own scripts run
// (script-src 'self'), so no markup injected into a page gains a style;
// and nothing on a page of MkDocs with Material appends one.
const appendChild = Node.prototype.appendChild;

ShadowRoot.prototype.appendChild = function appendToShadowRoot(node) {
  if (node instanceof HTMLStyleElement && "adoptedStyleSheets" in this) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(node.textContent);
    this.adoptedStyleSheets = [...this.adoptedStyleSheets, sheet];
    return node;
  }
  return appendChild.call(this, node);
};
