package extract

import "testing"

func TestSubstantive(t *testing.T) {
	tests := []struct {
		name, role, content string
		want                bool
	}{
		{"greeting", "user", "hi there!", false},
		{"thanks", "user", "thanks, that's great!", false},
		{"tool chatter", "user", "run the tests again", false},
		{"bare question", "user", "Where did you go?", false},
		{"reaction and question", "user", "Wow, that sounds amazing! What was it like?", false},
		{"assistant filler", "assistant", "Sure, happy to help!", false},
		{"assistant suggestion", "assistant", "You could try restarting the server.", false},
		{"assistant question", "assistant", "Would you like me to run the migrations now?", false},
		{"assistant acknowledgement", "assistant", "Got it, I'll keep that in mind.", false},
		{"pasted code", "user", "```go\nfunc main() {}\n```", false},
		{"stack trace", "user", "panic: runtime error\ngoroutine 1 [running]:\nmain.main()\n\t/x.go:3", false},
		{"standing instruction", "user", "From now on our Python services use uv instead of pip.", true},
		{"imperative rule", "user", "Never force-push to the release branch.", true},
		{"project fact, not about the speaker", "user", "the payments worker lives in cmd/payworker and ships with ArgoCD", true},
		{"assistant report", "assistant", "I've set the port to 5433 in docker-compose.yml.", true},
		{"personal news", "user", "I went to a pottery class yesterday and it was so relaxing.", true},
		{"answer fragment", "user", "Woodhaven, a small town in the midwest", true},
		// Unspaced scripts scan as one word per run: their content is
		// counted by ideographs and katakana, not by words.
		{"short Japanese statement", "user", "私は大阪に住んでいます。", true},
		{"short Chinese statement", "user", "我住在上海。", true},
		{"Japanese job", "user", "来月からトヨタで働きます。", true},
		{"Chinese pet", "user", "我养了一只猫。", true},
		{"Japanese thanks", "user", "ありがとうございます！", false},
		{"Japanese agreement", "user", "そうですね。", false},
		{"Chinese thanks", "user", "谢谢！", false},
		{"Chinese ok", "user", "好的", false},
		{"Japanese ok", "user", "了解です", false},
		{"Chinese thanks for the help", "user", "谢谢你的帮助", false},
		{"Chinese laughter", "user", "哈哈哈哈", false},
		{"Chinese understood and thanks", "user", "明白了谢谢", false},
		{"Japanese thanks with a pronoun", "user", "はい、ありがとうございました", false},
		{"Chinese statement after thanks", "user", "谢谢，我下个月搬到北京", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Substantive(Message{Role: tt.role, Content: tt.content}); got != tt.want {
				t.Errorf("Substantive(%q) = %v, want %v", tt.content, got, tt.want)
			}
		})
	}
}

func TestQuestion(t *testing.T) {
	tests := []struct {
		name, content, want string
	}{
		{"bare question", "How long have you had the turtles?", "How long have you had the turtles?"},
		{"reaction then question", "Wow, that looks great! Is that your third screenplay?", "Is that your third screenplay?"},
		{"two questions", "Where did you go? Was the hike long?", "Where did you go? Was the hike long?"},
		{"small talk only", "Hey! How are you?", ""},
		{"statement", "I went to a pottery class yesterday.", ""},
		{"reaction", "Wow, that sounds amazing!", ""},
		{"question inside code", "```\nwhy is this failing?\n```", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Question(Message{Role: "user", Content: tt.content}); got != tt.want {
				t.Errorf("Question(%q) = %q, want %q", tt.content, got, tt.want)
			}
		})
	}
}

// TestSharedPhotoTurnsAreSaid: a chat export writes a shared photo as its
// description in brackets; a line in brackets was read as code or a log
// line, so a turn that only shared a photo kept no episode.
func TestSharedPhotoTurnsAreSaid(t *testing.T) {
	for _, said := range []string{
		"[shares a photo: a tray of golden custard tarts from the bakery]",
		"[shared a picture of the new kitchen tiles]",
		"[image: a golden retriever puppy asleep on a blue rug]",
	} {
		if !Substantive(Message{Role: "user", Content: said}) {
			t.Errorf("%q: not substantive", said)
		}
	}
	for _, log := range []string{"[INFO] server started on port 8080", "[1, 2, 3]"} {
		if Substantive(Message{Role: "user", Content: log}) {
			t.Errorf("%q: substantive, want read as code", log)
		}
	}
}
