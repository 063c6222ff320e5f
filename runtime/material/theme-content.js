// Material for MkDocs content script (from its partials/javascripts/content.html).
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))
