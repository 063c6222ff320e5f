// Material for MkDocs palette restore (from its partials/javascripts/palette.html).
var palette=__md_get("__palette");if(palette&&palette.color){if("(prefers-color-scheme)"===palette.color.media){var media=matchMedia("(prefers-color-scheme: light)"),input=document.querySelector(media.matches?"[data-md-color-media='(prefers-color-scheme: light)']":"[data-md-color-media='(prefers-color-scheme: dark)']");palette.color.media=input.getAttribute("data-md-color-media"),palette.color.scheme=input.getAttribute("data-md-color-scheme"),palette.color.primary=input.getAttribute("data-md-color-primary"),palette.color.accent=input.getAttribute("data-md-color-accent")}for(var[key,value]of Object.entries(palette.color))document.body.setAttribute("data-md-color-"+key,value)}
// Added for this site: with no stored choice, the reader's system scheme (the
// option whose media query matches) is applied now, as Material's script does
// when it starts. On a page with rollers that script starts after them
// (theme-later.js): a reader in dark mode must not see the light scheme meanwhile.
if (!(palette && palette.color)) {
  for (var option of document.querySelectorAll("input[data-md-color-media]")) {
    if (matchMedia(option.getAttribute("data-md-color-media")).matches) {
      for (var part of ["media", "scheme", "primary", "accent"]) {
        document.body.setAttribute("data-md-color-" + part, option.getAttribute("data-md-color-" + part));
      }
      break;
    }
  }
}
