package extract

import (
	"context"
	"strings"
	"testing"
)

func TestBareCorrection(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Actually it's Oasis, not Blur", "I meant Oasis, not Blur"},
		{"Sorry, it's Porto, not Lisbon.", "I meant Porto, not Lisbon"},
		{"No, it's 10:30 not 9:30", "I meant 10:30, not 9:30"},
		{"It's Oasis, not Blur.", ""},
		{"Actually, it's a nice day, not a bad one.", ""},
		{"Actually it's not Blur", ""},
		{"no wait, it's on thursday, not tuesday", "I meant thursday, not tuesday"},
		{"scratch that, it's at 9pm, not 6pm", "I meant 9pm, not 6pm"},
		{"actually it's Ellie, not Ella, autocorrect got me", "I meant Ellie, not Ella"},
	}
	for _, tt := range tests {
		if got, _ := bareCorrection(tt.in); got != tt.want {
			t.Errorf("bareCorrection(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDateTense(t *testing.T) {
	if got := dateTense("The meeting got moved to Thursday", tensePast); got != tenseFuture {
		t.Errorf("a day moved to lies ahead: got tense %v", got)
	}
	if got := dateTense("User moved to Leeds in May", tensePast); got != tensePast {
		t.Errorf("a move told in the past stays past: got tense %v", got)
	}
}

// TestPreNormaliseBareFavourite: chat drops the owner of a favourite, who is the speaker.
func TestPreNormaliseBareFavourite(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fave movie is inception", "my fave movie is inception"},
		{"Favorite band is Oasis", "my Favorite band is Oasis"},
		{"my fav food is sushi", "my fav food is sushi"},
		{"favorites are hard to pick", "favorites are hard to pick"},
	}
	for _, tt := range tests {
		if got := preNormalise(tt.in); got != tt.want {
			t.Errorf("preNormalise(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestValueCorrection: a marked correction that gives only the right value.
func TestValueCorrection(t *testing.T) {
	tests := []struct{ in, want string }{
		{"scratch that, it's 4 spaces, I misremembered the editorconfig", "I meant 4 spaces"},
		{"scratch that, it lands at 9pm, got delayed", "I meant 9pm"},
		{"no wait, the 21st", "I meant the 21st"},
		{"sorry, make that 3 replicas", "I meant 3 replicas"},
		{"scratch that, I'm keeping the old one", ""},
		{"it's 4 spaces", ""},
		{"haha 2 dogs actually, forgot the puppy", "I meant 2 dogs"},
		{"3 replicas actually", "I meant 3 replicas"},
		{"we run 3 replicas actually", ""},
	}
	for _, tt := range tests {
		if got := valueCorrection(tt.in); got != tt.want {
			t.Errorf("valueCorrection(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPronounNameAfterDroppedSubject: chat drops the "I" before the newcomer a name
// is then given to ("also got a dog last week, his name is biscuit").
func TestPronounNameAfterDroppedSubject(t *testing.T) {
	var introduced string
	resolvePronounName("also got a dog last week", &introduced)
	if got := resolvePronounName("his name is biscuit", &introduced); got != "my dog's name is biscuit" {
		t.Errorf("got %q, want %q", got, "my dog's name is biscuit")
	}
	introduced = ""
	resolvePronounName("the neighbours got a dog", &introduced)
	if got := resolvePronounName("his name is Rex", &introduced); got != "his name is Rex" {
		t.Errorf("someone else's dog: got %q", got)
	}
}

func TestStackAsUse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Our stack: Go, Postgres and Redis.", "we use Go, Postgres and Redis."},
		{"My stack: Django and HTMX", "I use Django and HTMX"},
		{"The tech stack is Go and React.", "we use Go and React."},
		{"our tooling is great", "our tooling is great"},
		{"Stack overflow answers are often old", "Stack overflow answers are often old"},
	}
	for _, tt := range tests {
		if got := stackAsUse(tt.in); got != tt.want {
			t.Errorf("stackAsUse(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A time or a day that something moved to is not where anyone lives: "Standup
// moved to 10:15" was read as a capitalised subject moving home ("Standup lives
// in 10:15"). An address is still a home.
func TestMovedToATimeIsNoHome(t *testing.T) {
	for _, tt := range []struct{ said, notWant, want string }{
		{"Standup moved to 10:15 starting this week.", "lives in", ""},
		{"Retro moved to 3pm.", "lives in", ""},
		{"Planning moved to Thursdays.", "lives in", ""},
		{"Dana moved to next week.", "lives in", ""},
		{"I moved to 42 Elm Street last year.", "", "lives in 42 Elm Street"},
		{"Dana moved to Lisbon.", "", "Dana lives in Lisbon"},
		{"I moved to the search team last month.", "lives in", ""},
		{"Dana moved to a new department.", "lives in", ""},
		{"We moved to a flat in Leith.", "", "lives in a flat in Leith"},
		{"update: moved to day shifts this week finally", "lives in", ""},
		{"I moved to nights in March.", "lives in", ""},
		{"Dana moved to weekends.", "lives in", ""},
		{"yeah moved to ipswich last month", "", "lives in ipswich"},
		{"We moved to the Netherlands.", "", "lives in the Netherlands"},
	} {
		fs, err := NewBuiltin().Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, f := range fs {
			texts = append(texts, f.Text)
		}
		all := strings.Join(texts, " | ")
		if tt.notWant != "" && strings.Contains(all, tt.notWant) {
			t.Errorf("%q gave %q", tt.said, all)
		}
		if tt.want != "" && !strings.Contains(all, tt.want) {
			t.Errorf("%q gave %q, want %q", tt.said, all, tt.want)
		}
	}
}

// A clause that elides its subject after "and" takes the one before it, in a
// first-person turn and in an agent's note about the user alike; another
// subject is left whole ("User and Dana have a cat").
func TestSplitElided(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"I live in Paris and work at Google", []string{"I live in Paris", "I work at Google"}},
		{"User left Capgemini and now works at Accenture", []string{"User left Capgemini", "User works at Accenture"}},
		{"User lives in Oslo and works at Equinor", []string{"User lives in Oslo", "User works at Equinor"}},
		{"User and Dana have a cat", []string{"User and Dana have a cat"}},
		{"Dana left Capgemini and works at Accenture", []string{"Dana left Capgemini and works at Accenture"}},
	} {
		if got := splitElided(tt.in); strings.Join(got, " | ") != strings.Join(tt.want, " | ") {
			t.Errorf("splitElided(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPreNormaliseGoneOffGoingSomewhere: "gone off to" a place is a leaving, no taste
// ended; whether the words after "gone off" name a thing is read from the first of them.
func TestPreNormaliseGoneOffGoingSomewhere(t *testing.T) {
	for said, want := range map[string]string{
		"I've gone off to university in York": "I've gone off to university in York",
		"I've gone off my meds":               "I've gone off my meds",
		"I've gone off sushi":                 "I don't like sushi anymore",
	} {
		if got := preNormalise(said); got != want {
			t.Errorf("preNormalise(%q) = %q, want %q", said, got, want)
		}
	}
}

// TestAgeOfABeingOnly: "my X is N" is an age only when X ages: a person or an animal
// of the speaker's, or someone named; a thing's number ("my locker is 88") is none.
func TestAgeOfABeingOnly(t *testing.T) {
	tests := []struct {
		subject string
		want    bool
	}{
		{"User's niece", true}, {"User's cat", true}, {"User's dog Pip", true}, {"User's youngest", true},
		{"Noor", true}, {"User's locker", false}, {"User's gate code", false}, {"User's season pass", false},
	}
	for _, tc := range tests {
		if got := agesAsBeing(tc.subject); got != tc.want {
			t.Errorf("agesAsBeing(%q) = %v, want %v", tc.subject, got, tc.want)
		}
	}
}
