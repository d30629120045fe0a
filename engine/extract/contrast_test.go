package extract

import (
	"slices"
	"testing"
)

func TestSplitContrast(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"a negated second object", "I'm allergic to wasps, not bees", []string{"I'm allergic to wasps", "I'm not allergic to bees"}},
		{"but not, and a tail of its own", "im scared of spiders but not snakes, weird right",
			[]string{"im scared of spiders", "im not scared of snakes", "weird right"}},
		{"a kin subject", "my son is obsessed with trains, not cars", []string{"my son is obsessed with trains", "my son is not obsessed with cars"}},
		{"a correction is no contrast", "my cat is called Nilo, not Milo", []string{"my cat is called Nilo, not Milo"}},
		{"a lexical verb is left alone", "I drink tea, not coffee", []string{"I drink tea, not coffee"}},
		{"a clause after not", "I'm into jazz, not sure why", []string{"I'm into jazz, not sure why"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := splitContrast(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("splitContrast(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestWithNegatedPredicates(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"a bare isn't takes the adjective", []string{"im vegetarian since 2015", "my husband isnt tho"},
			[]string{"im vegetarian since 2015", "my husband is not vegetarian"}},
		{"a noun phrase is not taken", []string{"I'm a nurse", "my wife isn't"}, []string{"I'm a nurse", "my wife isn't"}},
		{"no bare negation", []string{"I'm tired", "my son is fine"}, []string{"I'm tired", "my son is fine"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := withNegatedPredicates(slices.Clone(tt.in)); !slices.Equal(got, tt.want) {
				t.Errorf("withNegatedPredicates(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
