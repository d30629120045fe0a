package extract

import "testing"

// TestContradictsSelfInOtherWords: a team joined, a place grown up in, a role, a place
// one "is at since" and a home moved into fill the slots of their plainer forms, and what
// a closing clause says was dropped ends; where one happens to be, what a job is like,
// and a team of someone else's fill none of them.
func TestContradictsSelfInOtherWords(t *testing.T) {
	tests := []contradictCase{
		{"team transferred to", "User is on the infra team", "User transferred to the growth team in May", true},
		{"team joined", "User is on the infra team", "User joined the mobile team", true},
		{"same team again", "User is on the infra team", "User is on the infra team now", false},
		{"someone else's team", "User is on the infra team", "User's sister joined the growth team", false},
		{"grew up for hometown", "User's hometown is Kilkenny", "User grew up in Limerick", true},
		{"grew up for from", "User is from Cork", "User grew up in Galway", true},
		{"role for title", "User's job title is senior analyst", "User's role is lead analyst", true},
		{"role for job", "User is a senior analyst", "User's role is lead analyst", true},
		{"what the job is like", "User is a nurse", "User's job is stressful", false},
		{"at a firm since", "User works at Novartis", "User is at roche since June", true},
		{"at a firm now", "User works at Barclays", "User is at monzo now", true},
		{"at home now", "User works at Barclays", "User is at home now", false},
		{"at uni since", "User works at Barclays", "User is at uni since September", false},
		{"moved into a home", "User lives in a studio in Brixton", "User moved into a two-bed in Peckham over the summer", true},
		{"moved into no home", "User lives in a studio in Brixton", "User moved into the office in Peckham", false},
		{"dropped after", "User is learning Korean", "User started learning Italian instead, dropped korean", true},
		{"dropped something else", "User is learning Korean", "User started learning Italian instead, dropped chess", false},
	}
	wantContradicts(t, tests)
}
