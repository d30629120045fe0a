package ui_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// TestRestoringASupersededFactMakesItsTextCurrentAgain: a fact replaced
// by a wrong correction can be brought back from its own page; the
// restoration is a new current memory with the old text, found by search
// at once, and the wrong text stays in the history as superseded.
func TestRestoringASupersededFactMakesItsTextCurrentAgain(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	old := e.add(auth.DefaultUser, "The lighthouse keeper rows to the island on Tuesdays")[0]
	wrong, err := e.eng.Correct(ctx, auth.DefaultUser, old, "The lighthouse keeper never leaves the mainland")
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	p := b.get("/memories/" + old)
	if !strings.Contains(p.body, `id="restore-form"`) || !strings.Contains(p.body, `id="superseded-by"`) ||
		!strings.Contains(p.body, "/memories/"+wrong[0].ID) || !strings.Contains(p.body, "“The lighthouse keeper never leaves the mainland”") ||
		!strings.Contains(p.body, "(a correction)") {
		t.Fatalf("a superseded fact's page offers no restore or does not say what replaced it:\n%s", p.body)
	}
	if cur := b.get("/memories/" + wrong[0].ID); strings.Contains(cur.body, `id="restore-form"`) {
		t.Error("the current fact offers to restore itself")
	}
	r := b.post("/memories/"+old+"/restore", url.Values{"csrf": {b.token("/memories/" + old)}})
	loc := r.header.Get("Location")
	m := regexp.MustCompile(`^/memories/([0-9A-Z]+)$`).FindStringSubmatch(loc)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("restore: %d to %q", r.status, loc)
	}
	restored, err := e.eng.Get(ctx, auth.DefaultUser, m[1])
	if err != nil || restored.Text != "The lighthouse keeper rows to the island on Tuesdays" || restored.State != engine.StateActive {
		t.Fatalf("restored memory %+v, %v", restored, err)
	}
	if w, _ := e.eng.Get(ctx, auth.DefaultUser, wrong[0].ID); w.State != engine.StateSuperseded {
		t.Errorf("the wrong correction is %s after the restore, want superseded", w.State)
	}
	if shown := b.get(loc); !strings.Contains(shown.body, "Restored:") || !strings.Contains(shown.body, wrong[0].ID) {
		t.Errorf("the restored memory's page neither says so nor shows the chain:\n%s", shown.body)
	}
	found := b.get("/memories?mode=text&q=island+Tuesdays")
	if ids := hrefs(found.body); len(ids) == 0 || ids[0] != restored.ID {
		t.Errorf("search for the restored text lists %v, want %s first", ids, restored.ID)
	}
}

// TestRestoreRefusalsArePagesNotErrors: restoring what is not superseded,
// what is gone, or a fact whose replacement was deleted meanwhile is
// answered with a message, never a 500.
func TestRestoreRefusalsArePagesNotErrors(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	ids := e.add(auth.DefaultUser, "The ferry leaves at nine", "The bakery opens at six")
	repl, err := e.eng.Correct(ctx, auth.DefaultUser, ids[1], "The bakery opens at seven")
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	tok := b.token("/memories/" + ids[0] + "/edit")
	if p := b.post("/memories/"+ids[0]+"/restore", url.Values{"csrf": {tok}}); p.status != http.StatusConflict ||
		!strings.Contains(p.body, "not a superseded fact") {
		t.Errorf("restore an active fact: %d\n%s", p.status, p.body)
	}
	if p := b.post("/memories/01HZZZZZZZZZZZZZZZZZZZZZZZ/restore", url.Values{"csrf": {tok}}); p.status != http.StatusNotFound {
		t.Errorf("restore an unknown memory: %d", p.status)
	}
	if _, _, err := e.eng.Delete(ctx, auth.DefaultUser, []string{repl[0].ID}); err != nil {
		t.Fatal(err)
	}
	if p := b.post("/memories/"+ids[1]+"/restore", url.Values{"csrf": {tok}}); p.status >= 500 || p.status == http.StatusSeeOther {
		t.Errorf("restore when the replacement was deleted meanwhile: %d\n%s", p.status, p.body)
	}
}
