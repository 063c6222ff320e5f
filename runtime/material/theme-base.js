// Material for MkDocs start-up helpers (from its partials/javascripts/base.html),
// served as a file so no inline script is needed. The scope is the site root,
// found from this file's own address (assets/rp/material/theme-base.js).
// Changed for this site: __md_get and __md_set read their default storage
// inside a try (Material's evaluate `localStorage` as a default parameter,
// outside __md_set's try), so a browser that refuses site storage, where
// reading localStorage throws a SecurityError, finds no stored choice and
// stores none, instead of throwing in the palette script and in Material's.
__md_scope=new URL("../../../",document.currentScript.src),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_,t=__md_scope)=>{try{_??=localStorage}catch(e){return null}return JSON.parse(_.getItem(t.pathname+"."+e))},__md_set=(e,_,t,a=__md_scope)=>{try{(t??localStorage).setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}};
