package entity

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine/redact"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"case and punctuation", "  Acme,  Inc. ", "acme inc"},
		{"diacritics", "Zoë Müller-Lüdenscheidt", "zoe muller ludenscheidt"},
		{"apostrophe dropped", "O'Brien’s", "obriens"},
		{"case folding beyond ASCII", "STRASSE Straße", "strasse strasse"},
		{"email", "Bob@Acme.io", "bob acme io"},
		{"empty", " .,; ", ""},
		{"decomposed accents", "Jose\u0301 Garci\u0301a", "jose garcia"},
		{"full-width letters", "Ｍａｒｉａ Ｌóｐｅｚ", "maria lopez"},
		{"ligature", "Stefﬁ", "steffi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Normalize(tt.in); got != tt.want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestExtract(t *testing.T) {
	type nt struct{ Name, Type string }
	tests := []struct {
		name string
		text string
		want []nt
	}{
		{"person org place email",
			"Yesterday I had lunch with Bob Smith in New York City. He works at Acme Inc. and his email is bob@acme.io.",
			[]nt{{"Bob Smith", TypePerson}, {"New York City", TypePlace}, {"Acme Inc.", TypeOrganization}, {"bob@acme.io", TypeEmail}}},
		{"pet and place, month skipped",
			"My dog Max loves the park. We moved to San Francisco in May 2021.",
			[]nt{{"Max", TypePet}, {"San Francisco", TypePlace}}},
		{"month-like given name vs month",
			"I met my friend Jan on Monday. In January we deployed with Docker and Kubernetes.",
			[]nt{{"Jan", TypePerson}, {"Docker", TypeTool}, {"Kubernetes", TypeTool}}},
		{"handle and url",
			"Follow @bob_smith or see https://example.com/docs.",
			[]nt{{"@bob_smith", TypeHandle}, {"https://example.com/docs", TypeURL}}},
		{"project, title, organisation with connector",
			"The Phoenix project uses Postgres; Dr. Emily Chen leads it at the Massachusetts Institute of Technology.",
			[]nt{{"Phoenix", TypeProject}, {"Postgres", TypeTool}, {"Dr. Emily Chen", TypePerson}, {"Massachusetts Institute of Technology", TypeOrganization}}},
		{"lower-case tool, sentence-initial gerund, from a place",
			"Running kubectl is easy. Alice said she is from Berlin.",
			[]nt{{"kubectl", TypeTool}, {"Alice", TypePerson}, {"Berlin", TypePlace}}},
		{"type carried to a bare later mention",
			"Paris is lovely. We live in Paris now.",
			[]nt{{"Paris", TypePlace}, {"Paris", TypePlace}}},
		{"works at",
			"My sister Ann works at Globex.",
			[]nt{{"Ann", TypePerson}, {"Globex", TypeOrganization}}},
		{"project keyword before",
			"Deadline for project Atlas moved.",
			[]nt{{"Atlas", TypeProject}}},
		{"possessive stripped",
			"I borrowed Carol's bike and went with Carol.",
			[]nt{{"Carol", TypePerson}, {"Carol", TypePerson}}},
		{"pronouns and sentence starters are not entities",
			"I think so. Then we left. Thanks! OK, see you Monday.",
			nil},
		{"numeronym",
			"We migrated to k8s last year.",
			[]nt{{"k8s", TypeTool}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []nt
			for _, m := range Extract(tt.text) {
				if tt.text[m.Start:m.End] != m.Name {
					t.Errorf("offsets [%d,%d) give %q, not %q", m.Start, m.End, tt.text[m.Start:m.End], m.Name)
				}
				got = append(got, nt{m.Name, m.Type})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Extract (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDistinct(t *testing.T) {
	ms := Extract("Bob met Alice. Later Bob called alice@example.com and Bob's sister.")
	var got []string
	for _, m := range Distinct(ms) {
		got = append(got, m.Name)
	}
	want := []string{"Bob", "Alice", "alice@example.com"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Distinct (-want +got):\n%s", diff)
	}
}

// FuzzExtract checks that any input yields in-bounds offsets that spell the
// mention's name, with a valid type.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{"", "Bob Smith met @ann at www.x.io.", "É é. Zoë’s cat Mía", "a@b.co @ @@x Dr. . Inc.", "May 5", "&& & Bank of"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, m := range Extract(s) {
			if m.Start < 0 || m.End > len(s) || m.Start >= m.End || s[m.Start:m.End] != m.Name || !ValidType(m.Type) {
				t.Fatalf("bad mention %+v in %q", m, s)
			}
		}
	})
}

// TestExtractSkipsRedactionMarker: the placeholder redact.Text puts where a
// secret was ("[REDACTED]") was taken for a name, a person when it began a
// sentence, so every memory that held a secret was linked to one entity.
// The names around it are still found.
func TestExtractSkipsRedactionMarker(t *testing.T) {
	for _, text := range []string{
		"my password is " + redact.Marker,
		redact.Marker + " is the token for the staging box",
		"Use " + redact.Marker + " and " + redact.Marker + " here",
		"Priya said the key is " + redact.Marker + " for Stripe",
	} {
		for _, m := range Extract(text) {
			if strings.Contains(redact.Marker, m.Name) || strings.Contains(m.Name, strings.Trim(redact.Marker, "[]")) {
				t.Errorf("Extract(%q) found %+v", text, m)
			}
		}
	}
	got := Extract("Priya said the key is " + redact.Marker + " for Stripe")
	if len(got) != 2 || got[0].Name != "Priya" || got[1].Name != "Stripe" {
		t.Errorf("the names around the marker: %+v, want Priya and Stripe", got)
	}
}
