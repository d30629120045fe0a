package timeref

import (
	"testing"
	"time"
)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func TestFind(t *testing.T) {
	now := time.Date(2026, 11, 21, 15, 0, 0, 0, time.UTC) // a Saturday
	tests := []struct {
		query string
		want  Span
		ok    bool
	}{
		{"What did Teodor do on 25 May, 2022?", Span{day(2022, 5, 25), day(2022, 5, 26), Day}, true},
		{"what happened on the 3rd of june 2023", Span{day(2023, 6, 3), day(2023, 6, 4), Day}, true},
		{"What painting did she show on October 13, 2023?", Span{day(2023, 10, 13), day(2023, 10, 14), Day}, true},
		{"Sept. 9 2021 party", Span{day(2021, 9, 9), day(2021, 9, 10), Day}, true},
		{"notes from 2024-02-29", Span{day(2024, 2, 29), day(2024, 3, 1), Day}, true},
		{"Where did Marisol travel in July 2022?", Span{day(2022, 7, 1), day(2022, 8, 1), Month}, true},
		{"budget for 2025-03", Span{day(2025, 3, 1), day(2025, 4, 1), Month}, true},
		{"Which games did he win in 2023?", Span{day(2023, 1, 1), day(2024, 1, 1), Year}, true},
		{"Where was John between August 11 and August 15 2023?", Span{day(2023, 8, 11), day(2023, 8, 16), Week}, true},
		{"what did I eat yesterday", Span{day(2026, 11, 20), day(2026, 11, 21), Day}, true},
		{"meetings last week", Span{day(2026, 11, 9), day(2026, 11, 16), Week}, true},
		{"plans for this month", Span{day(2026, 11, 1), day(2026, 12, 1), Month}, true},
		{"trips last year", Span{day(2025, 1, 1), day(2026, 1, 1), Year}, true},
		{"on 14 March", Span{day(2026, 3, 14), day(2026, 3, 15), Day}, true}, // no year: now's
		{"who covers for me from Dec 20 to Jan 3", Span{day(2026, 12, 20), day(2027, 1, 4), Week}, true},
		{"from 20 December 2026 to 3 January", Span{day(2026, 12, 20), day(2027, 1, 4), Week}, true},
		{"what happened on April 5, and on January 10", Span{day(2026, 1, 10), day(2026, 4, 6), Week}, true}, // no range
		{"What did she do on 01.01.2024?", Span{day(2024, 1, 1), day(2024, 1, 2), Day}, true},
		{"party on 25.05.2022", Span{day(2022, 5, 25), day(2022, 5, 26), Day}, true},
		{"the call on 5/25/2022", Span{day(2022, 5, 25), day(2022, 5, 26), Day}, true},
		{"the call on 25-5-2022", Span{day(2022, 5, 25), day(2022, 5, 26), Day}, true},
		{"exam on 03.04.2024", Span{day(2024, 4, 3), day(2024, 4, 4), Day}, true},  // a dot: day.month
		{"exam on 03/04/2024", Span{day(2024, 1, 1), day(2025, 1, 1), Year}, true}, // either order: only the year
		{"when was I sick in January", Span{day(2026, 1, 1), day(2026, 2, 1), Month}, true},
		{"what changed since early March?", Span{day(2026, 3, 1), day(2026, 4, 1), Month}, true},
		{"trip in May 2022", Span{day(2022, 5, 1), day(2022, 6, 1), Month}, true},
		// Not times.
		{"I may march in protest", Span{}, false},
		{"31.02.2024 is no day", Span{day(2024, 1, 1), day(2025, 1, 1), Year}, true},
		{"I may 5 times try again", Span{}, false},
		{"31 february 2023 is no date, February 2023 is", Span{day(2023, 2, 1), day(2023, 3, 1), Month}, true},
		{"room 1204 has 3000 books", Span{}, false},
		{"what did she decide", Span{}, false},
		{"the yesterdays song", Span{}, false},
		{"", Span{}, false},
	}
	for _, tt := range tests {
		got, ok := Find(tt.query, now)
		if ok != tt.ok || !got.Start.Equal(tt.want.Start) || !got.End.Equal(tt.want.End) || got.Precision != tt.want.Precision {
			t.Errorf("Find(%q) = %v %v..%v (%v), want %v %v..%v (%v)", tt.query, ok, got.Start, got.End, got.Precision,
				tt.ok, tt.want.Start, tt.want.End, tt.want.Precision)
		}
	}
}

// Dates reports where each date is written and whether the text gave its
// year, in order of appearance, whatever the case.
func TestDates(t *testing.T) {
	now := time.Date(2026, 11, 21, 15, 0, 0, 0, time.UTC)
	text := "On MAY 25, 2022 I moved; by 3 June I had a job, and since 2024-02-29 a dog."
	got := Dates(text, now)
	want := []struct {
		written string
		start   time.Time
		prec    Precision
		given   bool
	}{
		{"MAY 25, 2022", day(2022, 5, 25), Day, true},
		{"3 June", day(2022, 6, 3), Day, false}, // the year of the nearest mention that has one
		{"2024-02-29", day(2024, 2, 29), Day, true},
	}
	if len(got) != len(want) {
		t.Fatalf("Dates = %+v, want %d dates", got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if text[g.Start:g.End] != w.written || !g.Span.Start.Equal(w.start) || g.Precision != w.prec || g.YearGiven != w.given {
			t.Errorf("date %d = %q %v %v given=%v, want %q %v %v given=%v", i, text[g.Start:g.End], g.Span.Start,
				g.Precision, g.YearGiven, w.written, w.start, w.prec, w.given)
		}
	}
}

// FuzzFind: any text gives either no span or a non-empty one, never a panic.
func FuzzFind(f *testing.F) {
	for _, s := range []string{"on 25 May, 2022", "0 May 2022", "99 june 2023", "2023-13-01", "sept. 31 2021",
		"between 1 and 2 march 2020", "may may may 2020", "last week yesterday 1999"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, q string) {
		if s, ok := Find(q, now); ok && !s.Start.Before(s.End) {
			t.Errorf("Find(%q) = empty span %v..%v", q, s.Start, s.End)
		}
		for _, m := range Dates(q, now) {
			if m.Start < 0 || m.End > len(q) || m.Start >= m.End {
				t.Errorf("Dates(%q): span %d..%d out of the text", q, m.Start, m.End)
			}
		}
	})
}
