package entity

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCanonical(t *testing.T) {
	e := func(id, name, typ string) Entity { return Entity{ID: id, Name: name, Type: typ} }
	tests := []struct {
		name  string
		group []Entity
		ctx   map[string][]string
		want  string
	}{
		{"fullest proper name, never the email", []Entity{e("1", "bob@acme.io", TypeEmail), e("2", "Bob", TypePerson), e("3", "Bob Smith", TypePerson), e("4", "@bobsmith", TypeHandle)}, nil, "3"},
		{"full name over initialism even if less mentioned", []Entity{e("1", "NYC", TypePlace), e("2", "New York City", TypePlace)}, map[string][]string{"1": {"a", "b", "c"}}, "2"},
		{"most mentioned among equally full names", []Entity{e("1", "Acme Inc.", TypeOrganization), e("2", "Acme", TypeOrganization)}, map[string][]string{"2": {"a", "b"}}, "2"},
		{"longest when nothing else differs", []Entity{e("1", "Acme", TypeOrganization), e("2", "Acme Inc.", TypeOrganization)}, nil, "2"},
		{"smallest id breaks ties", []Entity{e("b", "Acme", TypeOrganization), e("a", "acme", TypeOrganization)}, nil, "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pickCanonical(tt.group, func(e Entity) int { return len(tt.ctx[e.ID]) }); got.ID != tt.want {
				t.Errorf("pickCanonical = %s (%s), want %s", got.ID, got.Name, tt.want)
			}
		})
	}
	if got := pickCanonical(nil, nil); got.ID != "" {
		t.Errorf("pickCanonical(nil) = %+v", got)
	}
}

func TestMerge(t *testing.T) {
	survivor := Entity{ID: "1", Name: "Bob Smith", Type: TypePerson, Aliases: []string{"Bobby"}}
	others := []Entity{
		{ID: "2", Name: "Bob", Type: TypePerson, Aliases: []string{"BOBBY", "Robert Smith"}},
		{ID: "3", Name: "bob@acme.io", Type: TypeEmail},
		{ID: "4", Name: "bob smith", Type: TypePerson},
	}
	want := Entity{ID: "1", Name: "Bob Smith", Type: TypePerson, Aliases: []string{"Bobby", "Bob", "Robert Smith", "bob@acme.io"}}
	if diff := cmp.Diff(want, Merge(survivor, others)); diff != "" {
		t.Errorf("Merge (-want +got):\n%s", diff)
	}
	weak := Merge(Entity{ID: "x", Name: "Kim", Type: TypeOther}, []Entity{{ID: "y", Name: "kim@x.org", Type: TypeEmail}, {ID: "z", Name: "Kim Lee", Type: TypePerson}})
	if weak.Type != TypePerson {
		t.Errorf("survivor of type other took type %q, want person", weak.Type)
	}
}

func BenchmarkSuggest(b *testing.B) {
	first := []string{"Ann", "Bob", "Carl", "Dana", "Eve", "Finn", "Gus", "Hana", "Ivan", "Jill"}
	last := []string{"Smith", "Jones", "Brown", "Lee", "Khan", "Novak", "Reed", "Park", "Chen", "Diaz"}
	var ents []Entity
	ctx := Context{Mentions: map[string][]string{}}
	for i := 0; i < 5000; i++ {
		id := fmt.Sprintf("e%05d", i)
		name := fmt.Sprintf("%s %s%d", first[i%10], last[(i/10)%10], i/100)
		ents = append(ents, Entity{ID: id, Name: name, Type: TypePerson})
		ctx.Mentions[id] = []string{fmt.Sprintf("m%d", i/3), fmt.Sprintf("m%d", i/7+10000)}
	}
	b.ResetTimer()
	for b.Loop() {
		SuggestAbove(ents, ctx, DefaultThreshold, 20)
	}
}

func TestLookup(t *testing.T) {
	ents := []Entity{
		{ID: "0", Name: "Paris", Type: TypePlace},
		{ID: "1", Name: "Bob Smith", Type: TypePerson, Aliases: []string{"Bobby"}},
		{ID: "2", Name: "Paris", Type: TypeOther},
	}
	tests := []struct {
		name, mention, typ string
		want               int
	}{
		{"same name and type", "paris", TypePlace, 0},
		{"alias", "BOBBY", TypePerson, 1},
		{"compatible type", "Bob Smith", TypeOther, 1},
		{"person is not the place", "Paris", TypePerson, 2},
		{"unknown", "Alice", TypePerson, -1},
		{"empty", "  ", TypePerson, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Lookup(ents, tt.mention, tt.typ); got != tt.want {
				t.Errorf("Lookup(%q, %q) = %d, want %d", tt.mention, tt.typ, got, tt.want)
			}
		})
	}
}
