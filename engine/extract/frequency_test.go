package extract

import "testing"

// TestFrequencyOf checks that each way of saying how often reads as one count per
// period, and that a fact with no frequency reads as none.
func TestFrequencyOf(t *testing.T) {
	for fact, want := range map[string]string{
		"User goes to the gym twice a week":       "2/week",
		"User hits the gym 2 times a week":        "2/week",
		"User swims 3x per week":                  "3/week",
		"User runs four times a week":             "4/week",
		"User only runs once a week now":          "1/week",
		"User goes to the gym every day now":      "1/day",
		"User meditates every morning":            "1/day",
		"User journals daily":                     "1/day",
		"User visits User's parents monthly":      "1/month",
		"User mows the lawn every other week":     "1/2week",
		"User goes to the gym":                    "",
		"User deploys every Tuesday":              "",
		"User has been there four times":          "",
		"User called twice":                       "",
		"User works fifteen times harder a week?": "",
	} {
		if got := frequencyOf(fact); got != want {
			t.Errorf("frequencyOf(%q) = %q, want %q", fact, got, want)
		}
	}
}

// TestNewScheduleFrequency checks that a habit done at another frequency is a new
// schedule, and that the same frequency said in other words is not.
func TestNewScheduleFrequency(t *testing.T) {
	cases := []struct {
		name, old, new string
		want           bool
	}{
		{"more often", "User goes to the gym twice a week", "User goes to the gym every day now", true},
		{"less often", "User runs four times a week", "User only runs once a week now", true},
		{"same in digits", "User goes to the gym twice a week", "User goes to the gym 2 times a week now", false},
		{"other habit", "User goes to the gym twice a week", "User swims every day now", false},
		{"no frequency before", "User goes to the gym", "User goes to the gym every day now", false},
		{"morning to evening", "User walks the dog every morning", "User walks the dog every evening now", true},
		{"morning to night", "User showers every morning", "User showers every night now", true},
		{"once a day both ways", "User stretches every day", "User stretches daily now", false},
	}
	for _, c := range cases {
		if got := NewSchedule(c.old, c.new); got != c.want {
			t.Errorf("%s: NewSchedule(%q, %q) = %v, want %v", c.name, c.old, c.new, got, c.want)
		}
	}
}
