package ingest

import "testing"

// TestAccumulated: a delta moves the newest stored amount of its unit held by the same
// holder (or a group of theirs), and moves nothing held by another person, nothing of
// another unit, nor below zero.
func TestAccumulated(t *testing.T) {
	tests := []struct {
		name, fact string
		cands      []string
		text       string
	}{
		{"more in words", "User adopted two more rabbits", []string{"User has 3 rabbits"}, "User has 5 rabbits"},
		{"lost weight", "User lost 7 kg since", []string{"User weighs 91 kg"}, "User weighs 84 kg"},
		{"cut back by", "User cut back by 10 km a week", []string{"User runs 30 km a week"}, "User runs 20 km a week"},
		{"group of the holder", "User hired 3 more engineers", []string{"User's team has 8 engineers"}, "User's team has 11 engineers"},
		{"fewer", "User has 2 fewer meetings", []string{"User has 6 meetings a week"}, "User has 4 meetings a week"},
		{"newest wins", "User gained 2 kg", []string{"User weighs 80 kg", "User weighs 78 kg"}, "User weighs 80 kg"},
		{"another person's", "User adopted two more cats", []string{"User's sister has 3 cats"}, ""},
		{"another unit", "User lost 7 kg", []string{"User runs 30 km a week"}, ""},
		{"below zero", "User has 5 fewer meetings", []string{"User has 2 meetings a week"}, ""},
		{"no delta", "User has 4 rabbits", []string{"User has 3 rabbits"}, ""},
		{"two amounts of the unit", "User got 2 more cats", []string{"User has 2 cats and User's sister has 3 cats"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cands []Candidate
			for i, c := range tt.cands {
				cands = append(cands, Candidate{ID: string(rune('A' + i)), Text: c})
			}
			text, _, ok := Accumulated(tt.fact, cands)
			if text != tt.text || ok != (tt.text != "") {
				t.Errorf("Accumulated(%q) = %q, %v; want %q", tt.fact, text, ok, tt.text)
			}
		})
	}
}
