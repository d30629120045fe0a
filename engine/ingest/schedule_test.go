package ingest

import "testing"

func TestMovedSchedule(t *testing.T) {
	cases := []struct {
		name, old, new string
		want           bool
	}{
		{"clock moved", "User goes for a run at 7am every day", "User moved User's run to 6am", true},
		{"day said with now", "User does yoga on Saturdays", "Yoga is on sundays now", true},
		{"day and part", "User's piano lesson is on Tuesday evenings", "User rescheduled piano lessons to thursday evenings", true},
		{"routine as subject", "User's son's football practice is on Tuesdays", "The boy's practice moved to wednesdays", true},
		{"instead", "User takes User's vitamins at breakfast", "User started taking User's vitamins at night instead", true},
		{"same when", "User does yoga on Saturdays", "Yoga is on saturdays now", false},
		{"another routine", "User does yoga on Saturdays", "User moved User's run to sundays", false},
		{"another kind of when", "User does yoga on Saturdays", "User moved User's yoga to 7am", false},
		{"just this week", "User does yoga on Saturdays", "User moved yoga to sunday just this week", false},
		{"not moved", "User does yoga on Saturdays", "User has not moved yoga to sundays", false},
		{"a date, not a routine", "User's dentist appointment is on Monday", "User moved the meeting to Friday", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := movedSchedule(c.old, c.new); got != c.want {
				t.Errorf("movedSchedule(%q, %q) = %v, want %v", c.old, c.new, got, c.want)
			}
		})
	}
}
