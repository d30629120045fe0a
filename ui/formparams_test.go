package ui_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestReconcileFormDryRunChecked: the entities page's dry-run checkbox
// read anything but "on" as off, so a form sending dry_run=yes (or a
// misspelt dryrun=on) started a real reconcile, merging entities, where
// one that only reports was asked for; and a suggestion the engine does
// not know was named "suggestion_ids", a field the form does not have.
// Each is now a 400 naming the form's field, and no job starts.
func TestReconcileFormDryRunChecked(t *testing.T) {
	e := newEnv(t, authSecret)
	b := e.browser()
	b.signIn(e.key("alice"))
	cases := []struct {
		name string
		form url.Values
		want string
	}{
		{"a dry run that is no boolean", url.Values{"dry_run": {"yes"}}, "dry_run: must be"},
		{"a misspelt dry run", url.Values{"dryrun": {"on"}}, "dryrun: unknown field"},
		{"an unknown suggestion", url.Values{"suggestion": {"nonexistent"}, "threshold": {"0"}}, "suggestion: unknown suggestion"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.form.Set("csrf", b.token("/entities"))
			p := b.post("/entities/reconcile", c.form)
			if p.status != http.StatusBadRequest || !strings.Contains(p.body, c.want) {
				t.Errorf("POST %v: %d; want 400 saying %q\n%.800s", c.form, p.status, c.want, p.body)
			}
			if job := b.get("/entities/reconcile"); strings.Contains(job.body, "running") || strings.Contains(job.body, "done") {
				t.Errorf("a refused form started a job:\n%.600s", job.body)
			}
		})
	}
	// REST's spelling of a boolean is one too (a checkbox's "on" is
	// what the page sends: TestReconcileFormThresholdChecked and others).
	if p := b.post("/entities/reconcile", url.Values{"csrf": {b.token("/entities")}, "dry_run": {"true"}}); p.status != http.StatusSeeOther {
		t.Errorf("dry_run=true: %d; want 303\n%.600s", p.status, p.body)
	}
}

// TestUnknownFormFieldRefused: a form field the page does not read was
// ignored (text misspelt as texts corrected nothing and said nothing; a
// delete with an extra field went through as if the field meant nothing),
// where REST refuses a body field it does not know. Every form now
// refuses one with a 400 naming it, after the token check, so a foreign
// page still gets only the 403; nothing is changed.
func TestUnknownFormFieldRefused(t *testing.T) {
	e := newEnv(t, authSecret)
	ids := e.add("alice", "alice keeps bees", "alice sails on Sundays")
	b := e.browser()
	b.signIn(e.key("alice"))
	edit := "/memories/" + ids[0] + "/edit"
	p := b.post(edit, url.Values{"csrf": {b.token(edit)}, "texts": {"alice keeps wasps"}})
	if p.status != http.StatusBadRequest || !strings.Contains(p.body, "texts: unknown field") || !strings.Contains(p.body, "did you mean &#34;text&#34;?") {
		t.Errorf("correction with texts=: %d; want 400 naming texts and suggesting text\n%.800s", p.status, p.body)
	}
	del := "/memories/" + ids[1] + "/delete"
	p = b.post(del, url.Values{"csrf": {b.token(del)}, "confirm": {"yes"}})
	if p.status != http.StatusBadRequest || !strings.Contains(p.body, "confirm: unknown field") {
		t.Errorf("delete with confirm=: %d; want 400 naming confirm\n%.800s", p.status, p.body)
	}
	for _, id := range ids {
		if m, err := e.eng.Get(t.Context(), "alice", id); err != nil || m.State != "active" {
			t.Errorf("memory %s after refused forms: %v", id, err)
		}
	}
	if p := b.post(del, url.Values{"csrf": {"forged"}, "confirm": {"yes"}}); p.status != http.StatusForbidden {
		t.Errorf("a forged token with an unknown field: %d; want the 403 of the token check", p.status)
	}
	if p := b.post(edit, url.Values{"csrf": {b.token(edit)}, "text": {"alice keeps two hives"}, "back": {"q=bees"}}); p.status != http.StatusSeeOther {
		t.Errorf("the edit form as the page sends it: %d\n%.600s", p.status, p.body)
	}
}
