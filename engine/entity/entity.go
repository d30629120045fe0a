// Package entity owns the model-free logic of entities: finding mentions of
// people, places, organisations, tools, pets, emails, URLs and handles in
// text (Extract), normalising names (Normalize), and proposing groups of
// duplicate entities with a score and a human-readable reason
// (SuggestAbove), together with the choice of the surviving entity and the
// merge of names into aliases (Merge).
//
// Everything here is a pure, deterministic function of its arguments: storage,
// the reconcile job and the LLM extractor live in the engine, which imports
// this package.
package entity

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"

	"github.com/memsvc/memsvc/text"
)

// Entity types.
const (
	TypePerson       = "person"
	TypePlace        = "place"
	TypeOrganization = "organization"
	TypeProject      = "project"
	TypeTool         = "tool"
	TypePet          = "pet"
	TypeEmail        = "email"
	TypeURL          = "url"
	TypeHandle       = "handle"
	TypeOther        = "other"
)

// ValidType reports whether t is one of the entity types.
func ValidType(t string) bool {
	switch t {
	case TypePerson, TypePlace, TypeOrganization, TypeProject, TypeTool,
		TypePet, TypeEmail, TypeURL, TypeHandle, TypeOther:
		return true
	}
	return false
}

// Entity is one thing a user's memories talk about. Aliases are the other
// names it is known by (merged duplicates keep their names here).
type Entity struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Aliases []string `json:"aliases,omitempty"`
}

// Names returns the entity's name followed by its aliases.
func (e Entity) Names() []string {
	return append([]string{e.Name}, e.Aliases...)
}

// Normalize folds a name to the form used to compare names: compatibility
// forms made plain ("Ｍａｒｉａ" → "maria", text.CompatibilityForm), Unicode
// case folding, diacritics removed ("Zoë" → "zoe", however the accent was
// typed), apostrophes dropped ("O'Brien" → "obrien"), every other
// punctuation or symbol turned into a space, and runs of spaces collapsed.
// "  Acme,  Inc. " → "acme inc".
func Normalize(name string) string {
	s := cases.Fold().String(text.FoldAccents(text.CompatibilityForm(name)))
	var b strings.Builder
	b.Grow(len(s))
	space := true // suppress leading spaces
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == 'ʼ':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// tokens splits a normalised name into its words.
func tokens(normalized string) []string {
	return strings.Fields(normalized)
}

// Lookup returns the index of the entity in ents that a mention named name
// of type typ refers to: one with the same normalised name or alias and a
// compatible type (a person is never a place), preferring the same type,
// then the lowest index; -1 when none matches and a new entity is needed.
func Lookup(ents []Entity, name, typ string) int {
	key := Normalize(name)
	if key == "" {
		return -1
	}
	found := -1
	for i, e := range ents {
		if !compatible(e.Type, typ) {
			continue
		}
		for _, n := range e.Names() {
			if Normalize(n) != key {
				continue
			}
			if e.Type == typ {
				return i
			}
			if found < 0 {
				found = i
			}
			break
		}
	}
	return found
}
