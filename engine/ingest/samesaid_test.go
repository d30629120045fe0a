package ingest

import "testing"

func TestSaidAlike(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		want bool
	}{
		{"preference over and more than", "User prefers tea over coffee", "User likes tea more than coffee", true},
		{"preference to and better than", "User prefers cats to dogs", "User likes cats better than dogs", true},
		{"preference rather than, plural", "User prefers trains rather than planes", "User enjoys train more than plane", true},
		{"preference with an adverb", "User prefers tea over coffee", "User really prefers tea over coffee", true},
		{"preference reversed", "User prefers tea over coffee", "User prefers coffee over tea", false},
		{"preference of another holder", "User prefers tea over coffee", "User's wife prefers tea over coffee", false},
		{"preference used to", "User prefers tea over coffee", "User used to prefer tea over coffee", false},
		{"to after likes joins nothing", "User likes walking to work", "User likes walking more than work", false},
		{"prefers to do", "User prefers to walk to work", "User likes to walk more than work", false},
		{"diet label and followed", "User is vegetarian", "User follows a vegetarian diet", true},
		{"diet label with an article", "User is a vegan", "User is on a vegan diet", true},
		{"another diet", "User is vegetarian", "User follows a vegan diet", false},
		{"diet of another holder", "User is vegetarian", "User's son follows a vegetarian diet", false},
		{"vegan by what is left out", "User is vegan", "User does not eat any animal products", true},
		{"vegan said never", "User never eats animal products", "User follows a vegan diet", true},
		{"a diet label taken back", "User is vegan", "User is not vegan", false},
		{"a preference taken back", "User prefers tea over coffee", "User does not prefer tea over coffee", false},
		{"a birthday taken back", "User's birthday is on July 14", "User was not born on July 14", false},
		{"no diet label", "User is tired", "User follows a tired diet", false},
		{"birthday and born on", "User's birthday is on July 14", "User was born on 14 July", true},
		{"birthday and birth date", "User's birthday is May 2", "User was born on 1990-05-02", true},
		{"birthday ordinal", "User's birthday is on March 3rd", "User was born on the 3rd of March", true},
		{"another birthday", "User's birthday is on July 14", "User was born on July 15", false},
		{"birthday of another holder", "User's birthday is on July 14", "User's sister was born on July 14", false},
		{"born in a year", "User was born in 1990", "User was born in 1990 in Leeds", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := saidAlike(tc.a, tc.b); got != tc.want {
				t.Errorf("saidAlike(%q, %q) = %v (%q, %q), want %v", tc.a, tc.b, got, saying(tc.a), saying(tc.b), tc.want)
			}
		})
	}
}
