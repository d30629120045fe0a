package service_test

import "testing"

// unspacedMemories are a user's memories written in Chinese, Japanese and
// Korean, whose words the index finds as character bigrams
// (text/unspaced.go). Written for this test, not taken from any
// evaluation file.
var unspacedMemories = []string{
	"我每天早上都喜欢喝一杯咖啡",
	"我的猫叫小白，今年三岁",
	"我在上海的一家银行工作",
	"周末我常常去爬山",
	"我对花生过敏",
	"我女儿在学钢琴，每周六上课",
	"我的生日是十月五日",
	"我开一辆白色的丰田车",
	"毎朝コーヒーを飲むのが好きです",
	"私の犬の名前はポチです",
	"来月、大阪に出張します",
	"저는 매일 아침 조깅을 해요",
}

// TestPromptRelevanceUnspacedScripts is the prompt hook in miniature for a
// user who writes Chinese, Japanese or Korean. A question is cut into
// bigrams at every character, so most of its bigrams are seams between
// words ("我喜欢喝什么": 我喜, 欢喝, 喝什) that no memory holds; counted as
// absent topics they sank the right memory under the floor
// ("我喜欢喝什么？" scored 0.38 against "我每天早上都喜欢喝一杯咖啡"), and
// the hook injected nothing. Unrelated questions in the same scripts must
// stay quiet. Their question words ("什么", "哪里", "何") are cut out of
// the cover's terms as a space would cut them (text.WithoutQuestionWords):
// with them and the seams beside them counted as absent topics, "我开什么车？"
// scored 0.16 against "我开一辆白色的丰田车" (9/12 found, now 12/12, the
// three added unrelated questions, with question words, quiet).
func TestPromptRelevanceUnspacedScripts(t *testing.T) {
	injected := promptHook(t, unspacedMemories)
	unrelated := []string{
		"明天会下雨吗？",
		"帮我写一首关于春天的诗",
		"Python 怎么读取文件？",
		"我的狗叫什么名字？",
		"推荐一本好看的小说",
		"今日の天気はどうですか？",
		"什么是量子计算？",
		"东京在哪里？",
		"誰がモナリザを描いたの？",
		"日本の首都はどこですか？",
		"이 코드를 고쳐 주세요",
	}
	related := []relatedPrompt{
		{"我喜欢喝什么？", unspacedMemories[0]},
		{"我的猫叫什么名字？", unspacedMemories[1]},
		{"我在哪里工作？", unspacedMemories[2]},
		{"周末我一般做什么？", unspacedMemories[3]},
		{"我对什么过敏？", unspacedMemories[4]},
		{"我女儿什么时候上钢琴课？", unspacedMemories[5]},
		{"我的生日是哪天？", unspacedMemories[6]},
		{"我开什么车？", unspacedMemories[7]},
		{"朝は何を飲むのが好き？", unspacedMemories[8]},
		{"犬の名前は何？", unspacedMemories[9]},
		{"来月どこに出張しますか？", unspacedMemories[10]},
		{"나는 아침에 무엇을 해요?", unspacedMemories[11]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < len(unrelated) || found < 12 {
		t.Errorf("unrelated quiet %d/%d (want all), related found %d/%d (want all)", quiet, len(unrelated), found, len(related))
	}
}
