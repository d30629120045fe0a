package skill

import "testing"

func TestIsProcedural(t *testing.T) {
	tests := []struct {
		query string
		want  bool
	}{
		{"how do I deploy the site?", true},
		{"How to reset my router", true},
		{"how can I rotate the API keys", true},
		{"how should we onboard a new engineer?", true},
		{"steps to publish a release", true},
		{"what's the process for expense reports?", true},
		{"What is the procedure for a hotfix", true},
		{"remind me how we set up the VPN", true},
		{"what are the steps for the database migration", true},
		{"walk me through restoring a backup", true},
		{"procedure for onboarding", true},
		{"Can you show me how to renew the certificate?", true},
		{"what do I need to do to get a visa", true},
		{"how do you make sourdough bread", true},
		{"how are you", false},
		{"How are you doing today?", false},
		{"how old is Alice?", false},
		{"how many cats does Bob have", false},
		{"how much did the trip cost", false},
		{"how long is the flight to Tokyo", false},
		{"how do you feel about Rust", false},
		{"how do you do?", false},
		{"where does Alice live", false},
		{"deploy", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := IsProcedural(tt.query); got != tt.want {
				t.Errorf("IsProcedural(%q) = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}

func TestGoalFromQuery(t *testing.T) {
	tests := []struct{ query, want string }{
		{"how do I deploy the site?", "deploy the site"},
		{"Remind me how to rotate the API keys again", "rotate the api keys"},
		{"what's the process for expense reports?", "expense reports"},
		{"walk me through restoring a backup", "restoring a backup"},
		{"steps to publish a release please", "publish a release"},
		{"how many cats does Bob have", ""},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := GoalFromQuery(tt.query); got != tt.want {
				t.Errorf("GoalFromQuery(%q) = %q, want %q", tt.query, got, tt.want)
			}
		})
	}
}
