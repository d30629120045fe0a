package extract

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestSkipReason(t *testing.T) {
	tests := []struct {
		name   string
		clause string
		role   string
		agent  bool
		want   string
	}{
		{"greeting", "Hey there!", "user", false, skipTrivial},
		{"thanks", "Thanks so much!", "user", false, skipTrivial},
		{"acknowledgement", "Sounds good.", "user", false, skipTrivial},
		{"question mark", "What's the capital of Australia?", "user", false, skipQuestion},
		{"question without mark", "do you know a good dentist", "user", false, skipQuestion},
		{"if", "If I moved to Rome I would learn Italian", "user", false, skipHypothetical},
		{"might", "I might switch to a standing desk", "user", false, skipHypothetical},
		{"would", "I'd probably hate the cold", "user", false, skipHypothetical},
		{"maybe", "Maybe I'll try one next week", "user", false, skipHypothetical},
		{"should", "I should exercise more", "user", false, skipHypothetical},
		{"a passive rule with should", "Feature branches should be named feat/<ticket>", "user", false, ""},
		{"a passive rule with must", "PRs must be reviewed by two people", "user", false, ""},
		{"should of no work", "The kids should be fed by 6", "user", false, skipHypothetical},
		{"a rule for a scope", "anything touching auth needs a review from Tom", "user", false, ""},
		{"a scope without a rule", "anything touching auth is scary", "user", false, skipImpersonal},
		{"should of a thing ahead", "The package should arrive tomorrow", "user", false, skipHypothetical},
		{"modal may", "I may go to Spain", "user", false, skipHypothetical},
		{"month May is no modal", "I moved to Spain in May", "user", false, ""},
		{"month may in lower case is no modal", "I'm turning 30 in may", "user", false, ""},
		{"modal may after a subject", "we may move next year", "user", false, skipHypothetical},
		{"a note names the user as the service does", "User is allergic to peanuts", "user", false, ""},
		{"a note of a user's plan", "User is flying to Tokyo on May 14", "user", false, ""},
		{"a user in lower case is a thing", "user is a reserved word in Postgres", "user", false, skipImpersonal},
		{"assistant filler", "Sure! Here's the fix", "assistant", false, skipFiller},
		{"assistant let me know", "Let me know if you need anything else", "assistant", false, skipFiller},
		{"mood", "I'm so tired today", "user", false, skipTransient},
		{"needs help", "I need some help with my resume", "user", false, skipTransient},
		{"absence on a day ahead", "I'm out next Monday for a dentist appointment", "user", false, ""},
		{"absence now", "I'm out for lunch", "user", false, skipTransient},
		{"request", "Write a haiku about autumn", "user", false, skipRequest},
		{"impersonal", "The weather here is amazing", "user", false, skipImpersonal},
		{"code intro", "Here's the error I'm seeing:", "user", false, skipCodeIntro},
		{"fragment", "Quick update on my end", "user", false, skipFragment},
		{"subject left in a sentence before", "took me 3 tries haha", "user", false, skipFragment},
		{"the speaker only as object", "It's special to me", "user", false, skipImpersonal},
		{"the speaker as owner", "It's my birthday tomorrow", "user", false, ""},
		{"statement", "I live in Paris", "user", false, ""},
		{"negated statement", "I don't eat meat", "user", false, ""},
		{"agent instruction", "Always run make lint before committing", "user", true, ""},
		{"agent conditional procedure", "If the deploy fails, check the dashboard", "user", true, ""},
		{"agent conditional without procedure", "If I moved to Rome, I would be happy", "user", true, skipHypothetical},
		{"agent report", "I ran the test suite", "assistant", true, skipReport},
		{"agent explanation", "The function returns nil on error", "assistant", true, skipImpersonal},
		{"agent commitment", "I'll use tabs from now on", "assistant", true, ""},
		{"agent next step", "I'll start by reading the config loader", "assistant", true, skipNarration},
		{"agent habit", "I'll keep using pnpm for installs", "assistant", true, ""},
		{"agent report in the present perfect", "I've updated the handler to return 404", "assistant", true, skipReport},
		{"user intent in agent memory", "I'm going to keep the old API for a release", "user", true, ""},
		{"task state in agent memory", "the tests in billing are red", "user", true, skipTransient},
		{"project fact in agent memory", "The API runs on port 8081 locally", "user", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ci := newClauseInfo(tt.clause, tt.role, tt.agent)
			if got := skipReason(ci); got != tt.want {
				t.Errorf("skipReason(%q) = %q, want %q", tt.clause, got, tt.want)
			}
		})
	}
}

func TestToThirdPerson(t *testing.T) {
	tests := []struct {
		name      string
		clause    string
		speaker   string
		addressee string
		want      string
	}{
		{"simple verb", "I live in Paris.", "User", "", "User lives in Paris"},
		{"named speaker", "I work at Google", "Alice", "", "Alice works at Google"},
		{"am", "I'm a nurse", "User", "", "User is a nurse"},
		{"have", "I've lived here for years", "User", "", "User has lived here for years"},
		{"es ending", "I watch a lot of films", "User", "", "User watches a lot of films"},
		{"y ending", "I usually fly with KLM", "User", "", "User usually flies with KLM"},
		{"floating quantifier", "We both love hiking", "User", "", "User both loves hiking"},
		{"past unchanged", "I moved to Berlin", "User", "", "User moved to Berlin"},
		{"irregular past unchanged", "I went hiking", "User", "", "User went hiking"},
		{"modal unchanged", "I can speak French", "User", "", "User can speak French"},
		{"possessive", "My sister lives in Boston", "Bob", "", "Bob's sister lives in Boston"},
		{"object", "My boss called me", "User", "", "User's boss called User"},
		{"compound subject keeps plural", "Dave and I are getting married", "Carol", "", "Dave and Carol are getting married"},
		{"we", "We have three kids", "User", "", "User has three kids"},
		{"filler adverbs dropped", "I absolutely hate cilantro", "User", "", "User hates cilantro"},
		{"lowercase i", "i live in toronto", "User", "", "User lives in toronto"},
		{"addressee in agent memory", "you should always run the tests", "User", "Assistant", "Assistant should always run the tests"},
		{"imperative untouched", "Use pnpm, not npm.", "User", "Assistant", "Use pnpm, not npm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := toThirdPerson(tt.clause, tt.speaker, tt.addressee); got != tt.want {
				t.Errorf("toThirdPerson(%q) = %q, want %q", tt.clause, got, tt.want)
			}
		})
	}
}

func TestNegation(t *testing.T) {
	tests := []struct {
		name        string
		clause      string
		wantText    string
		wantNegated bool
	}{
		{"don't", "I don't eat meat.", "User does not eat meat", true},
		{"doesn't survive as does not", "My son doesn't like broccoli.", "User's son does not like broccoli", true},
		{"never", "I never drink alcohol.", "User never drinks alcohol", true},
		{"no longer", "I no longer live in Madrid.", "User no longer lives in Madrid", true},
		{"am not", "I'm not vegetarian anymore.", "User is not vegetarian anymore", true},
		{"can't", "I can't swim.", "User cannot swim", true},
		{"haven't", "I haven't been to Asia.", "User has not been to Asia", true},
		{"positive", "I eat meat.", "User eats meat", false},
		{"'not' later in the sentence", "My favourite band is Radiohead, not Coldplay.", "User's favourite band is Radiohead, not Coldplay", false},
	}
	x := NewBuiltin()
	ref := time.Date(2024, 5, 8, 15, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			facts, err := x.Extract(t.Context(), Request{Now: ref, Messages: []Message{{Role: "user", Content: tt.clause}}})
			if err != nil {
				t.Fatal(err)
			}
			if len(facts) != 1 {
				t.Fatalf("got %d facts %+v, want 1", len(facts), facts)
			}
			if facts[0].Text != tt.wantText || facts[0].Negated != tt.wantNegated {
				t.Errorf("got %q negated=%v, want %q negated=%v", facts[0].Text, facts[0].Negated, tt.wantText, tt.wantNegated)
			}
		})
	}
}

func TestDateResolution(t *testing.T) {
	ref := time.Date(2024, 5, 8, 15, 0, 0, 0, time.UTC) // a Wednesday
	day := func(m time.Month, d int) time.Time { return time.Date(2024, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name       string
		clause     string
		tense      tense
		wantInline string // "" when no date is expected
		wantAt     time.Time
	}{
		{"yesterday", "I adopted a cat yesterday", tensePast, "on 2024-05-07", day(5, 7)},
		{"today", "I started today", tensePast, "on 2024-05-08", day(5, 8)},
		{"tomorrow", "I have an interview tomorrow", tensePresent, "on 2024-05-09", day(5, 9)},
		{"two days ago", "We moved two days ago", tensePast, "on 2024-05-06", day(5, 6)},
		{"a couple of weeks ago", "I switched a couple of weeks ago", tensePast, "on 2024-04-24", day(4, 24)},
		{"in three days", "I'm seeing the dentist in three days", tenseFuture, "on 2024-05-11", day(5, 11)},
		{"next friday", "I'm flying next Friday", tenseFuture, "on 2024-05-10", day(5, 10)},
		{"last saturday", "I turned 40 last Saturday", tensePast, "on 2024-05-04", day(5, 4)},
		{"bare weekday in the past", "I went hiking on Saturday", tensePast, "on 2024-05-04", day(5, 4)},
		{"bare weekday in the future", "I'm hiking on Saturday", tenseFuture, "on 2024-05-11", day(5, 11)},
		{"last weekend", "I got engaged last weekend", tensePast, "on 2024-05-04", day(5, 4)},
		{"last week", "I started last week", tensePast, "in the week of 2024-04-29", day(4, 29)},
		{"next week", "I start next week", tensePresent, "in the week of 2024-05-13", day(5, 13)},
		{"next month", "I'm moving next month", tenseFuture, "in June 2024", day(6, 1)},
		{"last month", "I graduated last month", tensePast, "in April 2024", day(4, 1)},
		{"in two months", "I plan to run a marathon in two months", tensePresent, "in July 2024", day(7, 1)},
		{"months ago", "I left three months ago", tensePast, "in February 2024", day(2, 1)},
		{"last year", "I quit last year", tensePast, "in 2023", time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"since year", "I've been married since 2015", tensePresent, "since 2015", time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"in month", "I went vegetarian in March", tensePast, "in March 2024", day(3, 1)},
		{"future month rolls over", "We're going to Japan in March", tenseFuture, "in March 2025", time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)},
		{"month and day", "I'm offline from May 20", tenseFuture, "from 2024-05-20", day(5, 20)},
		{"month day year", "On May 25, 2022 I moved to Lisbon", tensePast, "on 2022-05-25", time.Date(2022, 5, 25, 0, 0, 0, 0, time.UTC)},
		{"day month year", "I moved on 25 May, 2022", tensePast, "on 2022-05-25", time.Date(2022, 5, 25, 0, 0, 0, 0, time.UTC)},
		{"future year kept", "My visa runs out on October 13, 2027", tenseFuture, "on 2027-10-13", time.Date(2027, 10, 13, 0, 0, 0, 0, time.UTC)},
		{"ordinal after the", "We married on the 3rd of June 2023", tensePast, "on 2023-06-03", time.Date(2023, 6, 3, 0, 0, 0, 0, time.UTC)},
		{"the without preposition", "The 3rd of June 2023 was our wedding", tensePast, "2023-06-03", time.Date(2023, 6, 3, 0, 0, 0, 0, time.UTC)},
		{"iso day", "My passport expires 2024-02-29", tensePresent, "on 2024-02-29", day(2, 29)},
		{"abbreviated month", "I started on Sept. 9 2021", tensePast, "on 2021-09-09", time.Date(2021, 9, 9, 0, 0, 0, 0, time.UTC)},
		{"since a month of a year", "I've lived here since July 2022", tensePresent, "since July 2022", time.Date(2022, 7, 1, 0, 0, 0, 0, time.UTC)},
		{"no date", "I live in Paris", tensePresent, "", time.Time{}},
		{"sat is no weekday", "I sat in the sun", tensePast, "", time.Time{}},
		{"may is no month", "I may go", tensePresent, "", time.Time{}},
		{"duration is no date", "I've been learning Spanish for two years", tensePresent, "", time.Time{}},
	}
	r := newDateResolver()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := r.resolveAll(tt.clause, ref, tt.tense)
			if tt.wantInline == "" {
				if len(ds) != 0 {
					t.Fatalf("resolveAll(%q) = %q, want no date", tt.clause, ds[0].inline())
				}
				return
			}
			if len(ds) == 0 {
				t.Fatalf("resolveAll(%q): no date, want %q", tt.clause, tt.wantInline)
			}
			if got := ds[0].inline(); got != tt.wantInline || !ds[0].at.Equal(tt.wantAt) {
				t.Errorf("resolveAll(%q) = %q at %v, want %q at %v", tt.clause, got, ds[0].at, tt.wantInline, tt.wantAt)
			}
		})
	}
}

// A clause can name several dates; each keeps its own year, they never overlap (the
// rewrite replaces them last to first), and the first maxDates in order are kept.
func TestDatesInOneClause(t *testing.T) {
	ref := time.Date(2024, 5, 8, 15, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		clause string
		want   []string
	}{
		{"I lived in Oslo from March 3, 2019 to June 2021 and came back yesterday", []string{"from 2019-03-03", "June 2021", "on 2024-05-07"}},
		{"I flew to Rome yesterday 2023-06-03 this morning", []string{"on 2024-05-07", "on 2023-06-03", "on 2024-05-08"}},
		{"I moved to Lisbon yesterday 3rd of June 2023 next week", []string{"on 2024-05-07", "on 2023-06-03", "in the week of 2024-05-13"}},
		{"I moved to Lisbon on Monday, May 25, 2022", []string{"on 2022-05-25"}},
		{"Last week I told you about March 3, 2019, June 2021 and July 2022", []string{"in the week of 2024-04-29", "on 2019-03-03", "in June 2021"}},
	} {
		var got []string
		ds := newDateResolver().resolveAll(tt.clause, ref, tensePast)
		for i, d := range ds {
			got = append(got, d.inline())
			if i > 0 && d.start < ds[i-1].end {
				t.Errorf("%q: dates %d and %d overlap", tt.clause, i-1, i)
			}
		}
		if !cmp.Equal(got, tt.want) {
			t.Errorf("%q: dates = %q, want %q", tt.clause, got, tt.want)
		}
	}
}

func TestYearRollover(t *testing.T) {
	ref := time.Date(2024, 11, 20, 9, 0, 0, 0, time.UTC)
	ds := newDateResolver().resolveAll("I'm starting at Shopify in two months", ref, tenseFuture)
	if len(ds) != 1 || ds[0].inline() != "in January 2025" {
		t.Fatalf("got %+v, want in January 2025", ds)
	}
}

func TestSentencesAndClauses(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"abbreviation", "I'm a nurse at St. Mary's Hospital. I love it.", []string{"I'm a nurse at St. Mary's Hospital.", "I love it."}},
		{"decimal", "I'm on Ubuntu 22.04. It works.", []string{"I'm on Ubuntu 22.04.", "It works."}},
		{"lead-in colon", "Big news: I got a job!", []string{"Big news:", "I got a job!"}},
		{"question then statement", "Hey! How are you?", []string{"Hey!", "How are you?"}},
		{"path dots", "We run go test ./... now. It is fast.", []string{"We run go test ./... now.", "It is fast."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, sentences(tt.text)); diff != "" {
				t.Errorf("sentences (-want +got):\n%s", diff)
			}
		})
	}
	clauseTests := []struct {
		name     string
		sentence string
		want     []string
	}{
		{"and I", "I'm 34 and I work as a data scientist.", []string{"I'm 34", "I work as a data scientist."}},
		{"compound subject stays", "My wife and I moved to Lyon.", []string{"My wife and I moved to Lyon."}},
		{"because", "I don't drink coffee because I get migraines.", []string{"I don't drink coffee", "I get migraines."}},
		{"elided subject", "I live in Paris and work at Google.", []string{"I live in Paris", "I work at Google."}},
		{"statement before question", "I'm vegan, so what should I cook?", []string{"I'm vegan"}},
		{"conditional stays whole", "If it rains tomorrow, I'll stay home.", []string{"If it rains tomorrow, I'll stay home."}},
		{"apposition", "I'm 29, a software developer", []string{"I'm 29", "I'm a software developer"}},
		{"comma she", "My sister called, she moved to Milan.", []string{"My sister called", "she moved to Milan."}},
	}
	for _, tt := range clauseTests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, clauses(tt.sentence)); diff != "" {
				t.Errorf("clauses(%q) (-want +got):\n%s", tt.sentence, diff)
			}
		})
	}
}

func TestProseLines(t *testing.T) {
	content := "I work at Shopify.\n```go\nfunc main() {}\n```\n$ go test ./...\nok  \tpkg\t0.1s\n\nTraceback (most recent call last):\n  File \"a.py\", line 1\nValueError: bad\n\n{\"status\": \"ok\"}\nI love Go."
	want := []string{"I work at Shopify.", "I love Go."}
	if diff := cmp.Diff(want, proseLines(content)); diff != "" {
		t.Errorf("proseLines (-want +got):\n%s", diff)
	}
}

// "I meant Tuesday" corrects what was said: its tense is of the words meant,
// so a weekday in it is not moved into the past.
func TestDetectTenseSkipsMeant(t *testing.T) {
	for _, tt := range []struct {
		clause string
		want   tense
	}{
		{"sorry i meant tuesday not monday", tensePresent},
		{"i meant that we moved in june", tensePast},
		{"i went hiking on saturday", tensePast},
	} {
		if got := detectTense(lowerWords(tt.clause)); got != tt.want {
			t.Errorf("detectTense(%q) = %v, want %v", tt.clause, got, tt.want)
		}
	}
}

// A he or she right after the one relative of that gender the turn named is that
// relative; a pronoun of the other gender, or after two relatives, stays as said.
func TestResolveKinPronoun(t *testing.T) {
	for _, tt := range []struct {
		name    string
		clauses []string
		want    string // the last clause as resolved
	}{
		{"brother", []string{"I went climbing with my brother.", "He just moved to Denver."}, "my brother just moved to Denver."},
		{"sister is", []string{"My sister called", "she's pregnant!"}, "my sister is pregnant!"},
		{"other gender", []string{"I went climbing with my brother.", "She just moved to Denver."}, "She just moved to Denver."},
		{"two relatives", []string{"My brother and my dad came over.", "He just moved to Denver."}, "He just moved to Denver."},
		{"a new partner's name", []string{"I have a new girlfriend", "her name is Mia."}, "my girlfriend's name is Mia."},
		{"his job", []string{"I met a new boyfriend", "His job is in sales."}, "my boyfriend's job is in sales."},
		{"her after a brother", []string{"My brother called", "her name is Mia."}, "her name is Mia."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			kin, got := "", ""
			for _, c := range tt.clauses {
				got = resolveKinPronoun(c, &kin)
			}
			if got != tt.want {
				t.Errorf("resolved %q, want %q", got, tt.want)
			}
		})
	}
}
