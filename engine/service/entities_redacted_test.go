package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/redact"
)

// TestRedactedSecretsLinkNoEntity: every memory whose secret was redacted
// was linked to one entity named after the placeholder, so the entity
// list, each memory's entities and the merge suggestions showed it. The
// placeholder now names nothing; the real names beside it are kept.
func TestRedactedSecretsLinkNoEntity(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngine(t, t.TempDir())
	const user = "vault-user"
	addTexts(t, e, user,
		"The staging database password is Hx7-quartz-91, Tomasz set it up",
		"Use sk_live_51HqT2bKz8xYvQw3eAbcD for the billing webhook at Lumora",
		"deploy token=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 from Ines",
	)
	page, err := e.List(ctx, user, engine.ListFilter{Page: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	redacted := 0
	for _, m := range page.Items {
		if strings.Contains(m.Text, redact.Marker) {
			redacted++
		}
		for _, r := range m.Entities {
			if isMarker(r.Name) {
				t.Errorf("memory %q is linked to entity %+v", m.Text, r)
			}
		}
	}
	if redacted != 3 {
		t.Fatalf("%d of 3 memories hold the marker: the fixture no longer tests redaction", redacted)
	}
	ents, err := e.Entities(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range ents {
		names = append(names, x.Name)
		if isMarker(x.Name) {
			t.Errorf("entity %q (%d mentions) listed", x.Name, x.Mentions)
		}
	}
	if !strings.Contains(strings.Join(names, ","), "Tomasz") {
		t.Errorf("entities %v: the name beside a secret is lost", names)
	}
	sg, err := e.EntitySuggestions(ctx, user, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sg {
		for _, r := range s.Entities {
			if isMarker(r.Name) {
				t.Errorf("suggestion %s holds %+v", s.ID, r)
			}
		}
	}
}

func isMarker(name string) bool {
	return strings.Contains(strings.ToUpper(name), strings.Trim(redact.Marker, "[]"))
}
