package ingest

import (
	"testing"

	"github.com/memsvc/memsvc/engine/extract"
)

func TestDecideUpdate(t *testing.T) {
	cands := []Candidate{{ID: "a", Text: "The API listens on port 8080", Similarity: 0.8}}
	if d := Decide("The API listens on port 8081", nil, cands); d.Event != Add {
		t.Errorf("Decide: %+v, want ADD (a second port)", d)
	}
	if d := DecideUpdate("The API listens on port 8081", nil, cands); d.Event != Supersede {
		t.Errorf("DecideUpdate: %+v, want SUPERSEDE (the port corrected)", d)
	}
	retracted := []Candidate{{ID: "a", Text: "User is allergic to penicillin", Similarity: 0.6}}
	if d := DecideUpdate("It is amoxicillin User is allergic to, not penicillin", nil, retracted); d.Event != Supersede {
		t.Errorf("DecideUpdate: %+v, want SUPERSEDE (a correction names the value it replaces)", d)
	}
}

func TestDecide(t *testing.T) {
	slot := func(s, p, v string) *extract.Slot { return &extract.Slot{Subject: s, Predicate: p, Value: v} }
	tests := []struct {
		name   string
		fact   string
		slot   *extract.Slot
		cands  []Candidate
		event  string
		target string
	}{
		{"nothing stored", "Alice likes tea", nil, nil, Add, ""},
		{"exact duplicate", "Alice likes tea", nil, []Candidate{{ID: "a", Text: "alice likes tea."}}, None, "a"},
		{"near duplicate", "Alice really likes tea", nil, []Candidate{{ID: "a", Text: "Alice likes tea", Similarity: 0.9}}, None, "a"},
		{"more detail updates", "Alice likes green tea from Japan", nil, []Candidate{{ID: "a", Text: "Alice likes tea", Similarity: 0.8}}, Update, "a"},
		{"more words, another statement", "User worked at IBM before Google", nil, []Candidate{{ID: "a", Text: "User works at Google", Similarity: 0.8}}, Add, ""},
		{"stored says more", "Alice likes tea", nil, []Candidate{{ID: "a", Text: "Alice likes green tea from Japan", Similarity: 0.8}}, None, "a"},
		{"slot contradiction", "Alice lives in Paris", slot("alice", "lives_in", "paris"), []Candidate{{ID: "a", Text: "Alice lives in Berlin"}}, Supersede, ""},
		{"negation flips", "Alice does not like tea", nil, []Candidate{{ID: "a", Text: "Alice likes tea", Similarity: 0.8}}, Supersede, ""},
		{"unrelated", "Bob owns a boat", nil, []Candidate{{ID: "a", Text: "Alice likes tea", Similarity: 0.1}}, Add, ""},
		{"typo is a duplicate", "User is alergic to peanuts", nil, []Candidate{{ID: "a", Text: "User is allergic to peanuts", Similarity: 0.3}}, None, "a"},
		{"two typos are a duplicate", "User is alergic to penicilin", nil, []Candidate{{ID: "a", Text: "User is allergic to penicillin", Similarity: 0.3}}, None, "a"},
		{"two typos with nothing shared are no duplicate", "Allergic to penicilin", nil, []Candidate{{ID: "a", Text: "Alergic to penicillin", Similarity: 0.3}}, Add, ""},
		{"swapped letters are a duplicate", "User is vegetarain", nil, []Candidate{{ID: "a", Text: "User is vegetarian", Similarity: 0.3}}, None, "a"},
		{"names a letter apart are two people", "User's friend is Christine", nil, []Candidate{{ID: "a", Text: "User's friend Christina plays chess", Similarity: 0.6}}, Add, ""},
		{"a typo and another word is no duplicate", "User is alergic to walnuts", nil, []Candidate{{ID: "a", Text: "User is allergic to peanuts", Similarity: 0.6}}, Add, ""},
		{"another subject is no update", "User's wife likes tea", nil, []Candidate{{ID: "a", Text: "User likes tea", Similarity: 0.8}}, Add, ""},
		{"another subject is no duplicate", "User likes tea", nil, []Candidate{{ID: "a", Text: "User's wife likes tea", Similarity: 0.8}}, Add, ""},
		{"count changes", "User's team has 9 engineers now", nil, []Candidate{{ID: "a", Text: "User's team has 6 engineers", Similarity: 0.8}}, Supersede, ""},
		{"count in words changes", "User has three kids now", nil, []Candidate{{ID: "a", Text: "User has two kids", Similarity: 0.8}}, Supersede, ""},
		{"a year is no count", "User visited Paris in 2023", nil, []Candidate{{ID: "a", Text: "User visited Paris in 2019", Similarity: 0.8}}, Add, ""},
		{"new means said with now", "User runs the tests with go test now", nil, []Candidate{{ID: "a", Text: "User runs the tests with make test", Similarity: 0.8}}, Supersede, ""},
		{"new means without now is one more", "User runs the tests with go test", nil, []Candidate{{ID: "a", Text: "User runs the tests with make test", Similarity: 0.8}}, Add, ""},
		{"one state in other words", "User's dog's name is Rex", nil, []Candidate{{ID: "a", Text: "User's dog is called Rex", Similarity: 0.8}}, None, "a"},
		{"moved on with now", "The dev server runs on port 8080 now", nil, []Candidate{{ID: "a", Text: "The dev server runs on port 3000", Similarity: 0.8}}, Supersede, ""},
		{"another port without now is one more", "The dev server runs on port 8080", nil, []Candidate{{ID: "a", Text: "The dev server runs on port 3000", Similarity: 0.8}}, Add, ""},
		{"a count in words is the count in digits", "User has two kids", nil, []Candidate{{ID: "a", Text: "User has 2 kids", Similarity: 0.8}}, None, "a"},
		{"a count in digits is the count in words", "User has 3 cats", nil, []Candidate{{ID: "a", Text: "User has three cats", Similarity: 0.8}}, None, "a"},
		{"a switch ends the tool a fact works with", "User replaced poetry with uv", nil, []Candidate{{ID: "a", Text: "User manages python deps with poetry", Similarity: 0.5}}, Supersede, ""},
		{"a switch ends the host a fact deploys to", "User moved from heroku to fly.io", nil, []Candidate{{ID: "a", Text: "User deploys the app to heroku", Similarity: 0.5}}, Supersede, ""},
		{"a tool given up is gone from the user's system", "User ditched mongodb", nil, []Candidate{{ID: "a", Text: "The backend stores data in mongodb", Similarity: 0.5}}, Supersede, ""},
		{"a tool given up stays with someone else", "User ditched mongodb", nil, []Candidate{{ID: "a", Text: "Alice stores her data in mongodb", Similarity: 0.5}}, Add, ""},
		{"a switch leaves another subject's tool", "User replaced poetry with uv", nil, []Candidate{{ID: "a", Text: "Alice manages her deps with poetry", Similarity: 0.5}}, Add, ""},
		{"a count said again with more updates it", "User has got 2 children, both in school", nil, []Candidate{{ID: "a", Text: "User has two kids", Similarity: 0.6}}, Update, "a"},
		{"a plan said instead with one name swapped", "User is going to Sicily in June 2025 instead", nil, []Candidate{{ID: "a", Text: "User is going to Crete in June 2025", Similarity: 0.6}}, Supersede, ""},
		{"a plan said without instead is one more", "User is going to Sicily in June 2025", nil, []Candidate{{ID: "a", Text: "User is going to Crete in June 2025", Similarity: 0.6}}, Add, ""},
		{"a plan said instead without its date", "User is going to Malta instead", nil, []Candidate{{ID: "a", Text: "User is going to Corfu in August 2025", Similarity: 0.6}}, Supersede, ""},
		{"a plan said instead with two words swapped", "User is flying to Malta with Ben instead", nil, []Candidate{{ID: "a", Text: "User is flying to Corfu with Ana", Similarity: 0.6}}, Add, ""},
		{"a meeting on another day is one more", "User has a meeting on 2025-03-04 at 10", nil, []Candidate{{ID: "a", Text: "User has a meeting on 2025-03-03 at 10", Similarity: 0.9}}, Add, ""},
		{"over the past weeks marks a move current", "For the past two weeks User has been working from the library", nil, []Candidate{{ID: "a", Text: "User works from the office", Similarity: 0.7}}, Supersede, ""},
		{"a thing had, named later", "User has a daughter named Zoe", nil, []Candidate{{ID: "a", Text: "User has a daughter", Similarity: 0.7}}, Update, "a"},
		{"two holders of one tool keep their versions", "The marketing site uses Node 16", nil, []Candidate{{ID: "a", Text: "The API repo uses Node 20", Similarity: 0.8}}, Add, ""},
		{"a version with no holder ends the held one", "User upgraded all services to Python 3.12", nil, []Candidate{{ID: "a", Text: "User's services run on Python 3.10", Similarity: 0.8}}, Supersede, ""},
		{"a start said as since is one statement", "User started running in January 2025", nil, []Candidate{{ID: "a", Text: "User has been running since January 2025", Similarity: 0.8}}, None, "a"},
		{"kids are children", "User has two children", nil, []Candidate{{ID: "a", Text: "User has 2 kids", Similarity: 0.13}}, None, "a"},
		{"an amount said about is the same count", "User sleeps 8 hours a night now", nil, []Candidate{{ID: "a", Text: "User sleeps about 6 hours a night", Similarity: 0.8}}, Supersede, ""},
		{"a typo in the unit is the same unit", "User's team has 6 engeneers now", nil, []Candidate{{ID: "a", Text: "User's team has 4 engineers", Similarity: 0.8}}, Supersede, ""},
		{"a typo must be one key in a long word", "User has 3 bats", nil, []Candidate{{ID: "a", Text: "User has 2 cats", Similarity: 0.8}}, Add, ""},
		{"not smoking ends smoking an amount", "User does not smoke anymore", nil, []Candidate{{ID: "a", Text: "User smokes about ten cigarettes a day", Similarity: 0.6}}, Supersede, ""},
		{"a deadline named two ways", "The migration deadline got pushed to 2025-05-01", nil, []Candidate{{ID: "a", Text: "The deadline for the migration is on 2025-04-15", Similarity: 0.6}}, Supersede, ""},
		{"a new boss after a clause", "Kevin's gone, User's boss is Linda now", nil, []Candidate{{ID: "a", Text: "User's boss is Kevin", Similarity: 0.6}}, Supersede, ""},
		{"a preference taken back", "User prefers spaces now", nil, []Candidate{{ID: "a", Text: "User prefers tabs over spaces", Similarity: 0.6}}, Supersede, ""},
		{"a preference over another is no taking back of a third", "User prefers coffee", nil, []Candidate{{ID: "a", Text: "User prefers tabs over spaces", Similarity: 0.6}}, Add, ""},
		{"has got is has", "User has got 3 children", nil, []Candidate{{ID: "a", Text: "User has three kids", Similarity: 0.2}}, None, "a"},
		{"a value rejected now", "User runs the tests with go test now, not make test", nil, []Candidate{{ID: "a", Text: "Run tests with make test", Similarity: 0.3}}, Supersede, ""},
		{"a value rejected of another thing", "User runs the tests with go test now, not make test", nil, []Candidate{{ID: "a", Text: "User's sister likes make test", Similarity: 0.3}}, Add, ""},
		{"a number before a verb names one, not how many", "Invoice 4417 is paid", nil, []Candidate{{ID: "a", Text: "Invoice 4471 is paid", Similarity: 0.8}}, Add, ""},
		{"a state stopped", "User stopped taking sertraline in January 2025", nil, []Candidate{{ID: "a", Text: "User is on sertraline", Similarity: 0.7}}, Supersede, ""},
		{"another's state is not stopped", "User stopped taking sertraline", nil, []Candidate{{ID: "a", Text: "User's sister is on sertraline", Similarity: 0.7}}, Add, ""},
		{"two amounts for two purposes", "User saves 100 euros a month for holidays", nil, []Candidate{{ID: "a", Text: "User saves 200 euros a month for retirement", Similarity: 0.8}}, Add, ""},
		{"an amount for one purpose changed", "User saves 300 euros a month for retirement now", nil, []Candidate{{ID: "a", Text: "User saves 200 euros a month for retirement", Similarity: 0.8}}, Supersede, ""},
		{"an amount with a reason added changed", "User weighs 76 kg now after cutting sugar", nil, []Candidate{{ID: "a", Text: "User weighs 82 kg", Similarity: 0.8}}, Supersede, ""},
		{"a time of day moved with now", "User takes User's insulin at 10pm now", nil, []Candidate{{ID: "a", Text: "User takes User's insulin at 8pm", Similarity: 0.8}}, Supersede, ""},
		{"a time of day without now is one more", "User takes User's insulin at 10pm", nil, []Candidate{{ID: "a", Text: "User takes User's insulin at 8pm", Similarity: 0.8}}, Add, ""},
		{"a time of day added is no move", "User walks the dog at 7am and at 6pm now", nil, []Candidate{{ID: "a", Text: "User walks the dog at 7am", Similarity: 0.8}}, Update, "a"},
		{"a habit with its frequency said first", "Every morning User takes User's metformin", nil, []Candidate{{ID: "a", Text: "User takes metformin every morning", Similarity: 0.8}}, None, "a"},
		{"a note without its subject", "Prefers tabs to spaces", nil, []Candidate{{ID: "a", Text: "User prefers tabs over spaces", Similarity: 0.8}}, None, "a"},
		{"a correction names the value it replaces", "It is amoxicillin User is allergic to, not penicillin", nil, []Candidate{{ID: "a", Text: "User is allergic to penicillin", Similarity: 0.6}}, Add, ""},
		{"used to ends the present habit", "User used to like running", nil, []Candidate{{ID: "a", Text: "User likes running", Similarity: 0.8}}, Supersede, ""},
		{"used to ends the habit said with its frequency", "User used to drink coffee", nil, []Candidate{{ID: "a", Text: "User drinks coffee every morning", Similarity: 0.8}}, Supersede, ""},
		{"used to ends no other habit of the morning", "User used to drink coffee", nil, []Candidate{{ID: "a", Text: "User drinks tea every morning", Similarity: 0.8}}, Add, ""},
		{"per and a are one rate", "User works eight hours per day", nil, []Candidate{{ID: "a", Text: "User works 8 hours a day", Similarity: 0.8}}, None, "a"},
		{"used to ends the present state", "User used to live in Leeds", nil, []Candidate{{ID: "a", Text: "User lives in Leeds", Similarity: 0.8}}, Supersede, ""},
		{"used to says nothing of another subject", "User used to live in Leeds", nil, []Candidate{{ID: "a", Text: "User's sister lives in Leeds", Similarity: 0.8}}, Add, ""},
		{"used to says nothing of a negation", "User used to eat meat", nil, []Candidate{{ID: "a", Text: "User does not eat meat", Similarity: 0.8}}, Add, ""},
		{"a count reached is the count had", "User is up to 5 microservices now", nil, []Candidate{{ID: "a", Text: "User has 3 microservices", Similarity: 0.6}}, Supersede, ""},
		{"a count reached of another thing", "User is up to 5 microservices now", nil, []Candidate{{ID: "a", Text: "User has 3 cats", Similarity: 0.6}}, Add, ""},
		{"a measure linked by another verb is restated", "User's commute takes 45 minutes each way", nil, []Candidate{{ID: "a", Text: "User's commute is 45 minutes", Similarity: 0.8}}, Update, "a"},
		{"a measure of another value is no restatement", "User's commute takes 50 minutes each way", nil, []Candidate{{ID: "a", Text: "User's commute is 45 minutes", Similarity: 0.8}}, Add, ""},
		{"a use for a purpose is what the purpose is", "The main database is Postgres", nil, []Candidate{{ID: "a", Text: "User uses Postgres for the main database", Similarity: 0.6}}, None, "a"},
		{"what the purpose is said as a use", "User uses Postgres for the main database", nil, []Candidate{{ID: "a", Text: "The main database is Postgres", Similarity: 0.6}}, None, "a"},
		{"a use for another purpose", "The main database is Postgres", nil, []Candidate{{ID: "a", Text: "User uses Postgres for analytics", Similarity: 0.6}}, Add, ""},
		{"a liking said with its kind is one liking", "User loves jazz music", nil, []Candidate{{ID: "a", Text: "User likes jazz", Similarity: 0.8}}, None, "a"},
		{"a liking said without its kind is one liking", "User enjoys Thai", nil, []Candidate{{ID: "a", Text: "User likes Thai food", Similarity: 0.8}}, None, "a"},
		{"a liking of the kind is another liking", "User loves jazz music", nil, []Candidate{{ID: "a", Text: "User likes music", Similarity: 0.8}}, Add, ""},
		{"a liking taken back ends it said with its kind", "User no longer likes jazz", nil, []Candidate{{ID: "a", Text: "User loves jazz music", Similarity: 0.8}}, Supersede, ""},
		{"marrying a boyfriend outgrows the boyfriend", "Marco and User is married", nil, []Candidate{{ID: "a", Text: "User's boyfriend is Marco", Similarity: 0.5}}, Supersede, ""},
		{"getting engaged outgrows a girlfriend", "Lena and User is engaged", nil, []Candidate{{ID: "a", Text: "Lena is User's girlfriend", Similarity: 0.5}}, Supersede, ""},
		{"marrying leaves a husband", "Marco and User is married", nil, []Candidate{{ID: "a", Text: "User's husband is Marco", Similarity: 0.5}}, Add, ""},
		{"marrying someone else says nothing of a boyfriend", "Anna and User is married", nil, []Candidate{{ID: "a", Text: "User's boyfriend is Marco", Similarity: 0.5}}, Add, ""},
		{"marrying another's boyfriend leaves their fact", "Tom and User is married", nil, []Candidate{{ID: "a", Text: "User's sister's boyfriend is Tom", Similarity: 0.5}}, Add, ""},
		{"past amounts are events", "User walked 12 km on Sunday", nil, []Candidate{{ID: "a", Text: "User walked 8 km on Sunday", Similarity: 0.8}}, Add, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decide(tt.fact, tt.slot, tt.cands)
			if d.Event != tt.event || d.Target != tt.target {
				t.Errorf("Decide = %+v, want %s %q", d, tt.event, tt.target)
			}
		})
	}
}

// TestLikingTakenBackEndsEvery checks that a negated liking ends every stored liking of
// the thing, however it was said ("likes jazz", "loves jazz music").
func TestLikingTakenBackEndsEvery(t *testing.T) {
	cands := []Candidate{{ID: "a", Text: "User likes jazz", Similarity: 0.8}, {ID: "b", Text: "User loves jazz music", Similarity: 0.8}}
	d := Decide("User no longer likes jazz", nil, cands)
	if d.Event != Supersede || len(d.Closes) != 2 {
		t.Errorf("Decide = %+v, want SUPERSEDE closing a and b", d)
	}
}

func TestCorrected(t *testing.T) {
	cands := []Candidate{
		{ID: "01A", Text: "User's parents live in Dallas"},
		{ID: "01B", Text: "User's flight to Dallas is at 7 am"},
		{ID: "01C", Text: "User likes tea"},
		{ID: "01D", Text: "The audit is on 2025-03-03"},
	}
	tests := []struct {
		name, fact, text, target string
	}{
		{"meant", "Sorry, User meant Houston, not Dallas", "User's flight to Houston is at 7 am", "01B"},
		{"marked", "Correction: 9 am, not 7 am", "User's flight to Dallas is at 9 am", "01B"},
		{"a weekday said again a week on", "Sorry, User meant on 2025-03-04, not on 2025-03-10", "The audit is on 2025-03-04", "01D"},
		{"no wrong value stored", "User meant coffee, not juice", "", ""},
		{"only the right time", "User meant 9 pm", "User's flight to Dallas is at 9 pm", "01B"},
		{"only the right date", "User meant on 2025-03-05", "The audit is on 2025-03-05", "01D"},
		{"only a right value of a unit not stored", "User meant 4 spaces", "", ""},
		{"only a right word is no value", "User meant coffee", "", ""},
		{"no correction", "User's sister lives in Dallas, not far from User", "", ""},
		{"a whole statement is no value", "Sorry, User meant that User's parents moved away last year, not Dallas", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, target, ok := Corrected(tt.fact, "", cands)
			if text != tt.text || target != tt.target || ok != (tt.target != "") {
				t.Errorf("Corrected(%q) = %q, %q, %v; want %q, %q", tt.fact, text, target, ok, tt.text, tt.target)
			}
		})
	}
}

// TestAcknowledges checks which assistant replies echo a replaced value.
func TestAcknowledges(t *testing.T) {
	stale := StaleValues("The api server runs on port 8080 locally", "User changed the api port to 9090")
	for _, tc := range []struct {
		episode string
		want    bool
	}{
		{"Assistant: Thanks, I'll hit localhost:8080.", true},
		{"Assistant: Noted, I'll use 9090.", false},
		{"User: it was on 8080 before", false}, // the user's own turn is no acknowledgement
		{"Assistant: I ran the suite against 8080 and fixed the three failing handlers, then updated the README, the compose file and the CI config so everything agrees.", false},
	} {
		if got := Acknowledges(tc.episode, stale); got != tc.want {
			t.Errorf("Acknowledges(%q, %v) = %v, want %v", tc.episode, stale, got, tc.want)
		}
	}
}

// TestCorrectedDayOfTopic: "I meant March 21 for the dentist, not the 12th" names the
// wrong value as a day of the month and the fact it corrects by its topic.
func TestCorrectedDayOfTopic(t *testing.T) {
	cands := []Candidate{
		{ID: "01A", Text: "User's dentist appointment is on 2025-03-12"},
		{ID: "01B", Text: "The vet visit is on 2025-03-12"},
	}
	text, target, ok := Corrected("User meant on 2025-03-21 for the dentist, not the 12th", "", cands)
	if want := "User's dentist appointment is on 2025-03-21"; !ok || target != "01A" || text != want {
		t.Errorf("Corrected = %q, %q, %v; want %q, 01A", text, target, ok, want)
	}
	if _, _, ok := Corrected("User meant on 2025-03-21 for the concert, not the 12th", "", cands); ok {
		t.Error("a topic no stored fact names corrected one")
	}
}
