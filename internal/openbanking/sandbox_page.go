package openbanking

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"
)

// SandboxPage serves the sandbox bank's bank-picker and consent page. It
// looks like a bank's page on purpose, and says plainly that it is not one.
func SandboxPage(w http.ResponseWriter, r *http.Request) {
	state, name := r.FormValue("state"), strings.TrimSpace(r.FormValue("name"))
	if state == "" || len(state) > 200 || len(name) > 200 {
		http.Error(w, "This consent link is not valid.", http.StatusBadRequest)
		return
	}
	if r.Method == http.MethodPost {
		back := url.Values{"state": {state}}
		persona := r.FormValue("persona")
		if _, ok := personaByID(persona); r.FormValue("decision") != "allow" || !ok {
			back.Set("error", "access_denied")
		} else {
			back.Set("code", SandboxCode{Persona: persona, Holder: name}.Encode())
		}
		http.Redirect(w, r, CallbackPath+"?"+back.Encode(), http.StatusSeeOther)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = consentPage.Execute(w, map[string]any{"State": state, "Name": name, "Personas": Personas})
}

var consentPage = template.Must(template.New("consent").Parse(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Bank: share your transactions with OmniRent</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;background:#eef2f7;color:#14213d}
.sandbox{background:#ffd27a;padding:10px 16px;text-align:center;font-weight:600}
main{max-width:560px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(20,33,61,.08)}
h1{font-size:1.4rem;margin:0 0 8px}h2{font-size:1.05rem;margin:20px 0 8px}
p{line-height:1.5;margin:0 0 12px}label{display:block}
.bank,.persona{display:flex;gap:10px;align-items:flex-start;border:1px solid #cbd5e1;border-radius:8px;padding:10px 12px;margin:0 0 8px}
.bank[aria-disabled=true]{opacity:.55}
.persona small{display:block;color:#4a5568;margin-top:2px}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{font:inherit;font-weight:600;border-radius:8px;padding:12px 20px;border:2px solid #0b5cad;cursor:pointer}
.allow{background:#0b5cad;color:#fff}.cancel{background:#fff;color:#0b5cad}
button:focus-visible,input:focus-visible{outline:3px solid #ffb000;outline-offset:2px}
</style></head><body>
<div class="sandbox" role="note">Sandbox bank for trying OmniRent. No real bank account or money is involved.</div>
<main>
<h1>Share your transactions with OmniRent</h1>
<p>OmniRent asks to read your account holder name and the last 12 months of transactions once, to verify your income for a reference check{{if .Name}} for <strong>{{.Name}}</strong>{{end}}. The property manager sees only the report, never your statements.</p>
<form method="post">
<input type="hidden" name="state" value="{{.State}}"><input type="hidden" name="name" value="{{.Name}}">
<h2 id="bank-title">Choose your bank</h2>
<div role="radiogroup" aria-labelledby="bank-title">
<label class="bank"><input type="radio" name="bank" value="sandbox" checked> OmniRent Sandbox Bank</label>
<label class="bank" aria-disabled="true"><input type="radio" name="bank" value="other" disabled> Other banks: not available in the sandbox</label>
</div>
<h2 id="persona-title">Which sandbox customer are you?</h2>
<div role="radiogroup" aria-labelledby="persona-title">
{{range $i, $p := .Personas}}<label class="persona"><input type="radio" name="persona" value="{{$p.ID}}"{{if eq $i 0}} checked{{end}}><span>{{$p.Name}}<small>{{$p.Description}}</small></span></label>
{{end}}</div>
<div class="actions"><button class="allow" name="decision" value="allow">Allow access</button><button class="cancel" name="decision" value="cancel">Cancel</button></div>
</form>
</main></body></html>`))
