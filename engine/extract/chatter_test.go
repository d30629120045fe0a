package extract

import (
	"testing"
)

func TestWithoutChatter(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a laugh inside the sentence goes", "just got back lol from the gym", "just got back from the gym"},
		{"a laugh before a first-person subject ends a statement", "got the keys today lol i move in friday", "got the keys today; i move in friday"},
		{"a laugh before a conjunction is a comma", "i was the tallest in class lol so it was easy", "i was the tallest in class, so it was easy"},
		{"an aside about the speaker goes", "allergic to wasps (ironic i know) and bees", "allergic to wasps and bees"},
		{"an aside that laughs goes", "sold the car (finally lol) last week", "sold the car last week"},
		{"an aside that names things stays", "two dogs (a beagle and a collie)", "two dogs (a beagle and a collie)"},
		{"a project aside stays", "The carrier APIs (DHL, UPS) are wrapped", "The carrier APIs (DHL, UPS) are wrapped"},
		{"chat's n is and", "learning french n taking piano", "learning french and taking piano"},
		{"a closing tho before a comma goes", "cycling to work rn, saving for a van", "cycling to work, saving for a van"},
		{"a word that only contains a filler stays", "I learn to turn the lathe", "I learn to turn the lathe"},
		{"a kin word's 's before a number is is", "my nephew's 12 and my niece is 9", "my nephew is 12 and my niece is 9"},
		{"a kin word's s without apostrophe before an article", "my sons a plumber", "my son is a plumber"},
		{"a kin word's 's before an -ing verb", "my aunt's moving to Oslo", "my aunt is moving to Oslo"},
		{"a possessive stays", "my sister's car is red", "my sister's car is red"},
		{"a thing's s stays", "my keys a mess", "my keys a mess"},
		{"a plural before an -ing word stays", "my teammates cheering me on", "my teammates cheering me on"},
		{"a plural before a number stays", "my nephews 8 and 10", "my nephews 8 and 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := withoutChatter(tt.in); got != tt.want {
				t.Errorf("withoutChatter(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
