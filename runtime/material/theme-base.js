// Material for MkDocs start-up helpers (from its partials/javascripts/base.html),
// served as a file so no inline script is needed. The scope is the site root,
// found from this file's own address (assets/rp/material/theme-base.js).
__md_scope=new URL("../../../",document.currentScript.src),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}};
