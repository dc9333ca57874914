#include "common/clifiles.h"
#include "core/json.h"
#include "core/lessonfile.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"

#include <QTest>

#include <string>

using attn::ErrorCode;
using attn::JsonValue;
using attn::Lesson;

Q_DECLARE_METATYPE(attn::ErrorCode)

namespace {

std::string view(const QByteArray &bytes)
{
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

JsonValue parsed(std::string_view text)
{
    auto result = attn::parseJson(text);
    if (!result)
        qFatal("test fixture is not JSON: %s", attn::describe(result.error()).c_str());
    return std::move(result).value();
}

// What went wrong, for a failing check's message (empty when nothing did).
std::string why(const attn::Result<Lesson> &lesson)
{
    return lesson.ok() ? std::string() : attn::describe(lesson.error());
}

// Three steps: the article's scene with every view field and a question on two keys, the same
// scene with a note in Chinese only and a question on the output, and a sequence.
std::string fixture()
{
    JsonValue scene = parsed(clifiles::kArticleScene);
    JsonValue sequence = parsed(view(clifiles::identitySequence(R"([{"tokens": ["x", "y"]}])")));
    JsonValue root = parsed(R"({
      "format": "attention-canvas-lesson", "version": 1,
      "title": {"en": "Dot product", "zh_CN": "点积"},
      "steps": [
        {"view": {"landscape": true, "normalised": false,
                  "zoom": {"scale": 120.5, "centre": [0.25, -1]},
                  "panels": ["steps", "method"],
                  "walkthrough": {"step": "exponentials", "revealed": true}},
         "note": {"en": "The query meets each key.", "zh_CN": "查询与每个键相遇。"},
         "question": {"prompt": {"en": "Which key wins?"}, "asks": "weights", "keys": [2, 1]}},
        {"note": {"zh_CN": "只有中文。"},
         "question": {"prompt": {"zh_CN": "输出在哪里？"}, "asks": "output"}},
        {"note": {"en": "A sequence."}}
      ]
    })");
    JsonValue steps = JsonValue::array();
    const auto &given = root.find("steps")->asArray();
    for (std::size_t i = 0; i < given.size(); ++i) {
        JsonValue step = given[i];
        step.set(i < 2 ? "scene" : "sequence", i < 2 ? scene : sequence);
        steps.append(std::move(step));
    }
    root.set("steps", std::move(steps));
    return attn::writeJson(root);
}

// The fixture with `mutate` applied to its JSON.
template <typename Mutate> QByteArray mutated(Mutate mutate)
{
    JsonValue root = parsed(fixture());
    mutate(root);
    return QByteArray::fromStdString(attn::writeJson(root));
}

// Replaces the member at `path` (dot-separated names and [index]) of `root` with `value` given as
// JSON text, or removes it when `value` is null.
void setAt(JsonValue &root, const std::string &path, const char *value)
{
    // Walk down by rebuilding: JsonValue has no mutable accessors, so copy, edit, set back.
    const auto dot = path.find_first_of(".[");
    if (dot == std::string::npos) {
        JsonValue::Object kept;
        for (const auto &[name, v] : root.asObject())
            if (name != path)
                kept.emplace_back(name, v);
        JsonValue next(std::move(kept));
        if (value)
            next.set(path, parsed(value));
        root = std::move(next);
        return;
    }
    if (path[dot] == '[') {
        const auto close = path.find(']', dot);
        const std::size_t index = std::stoul(path.substr(dot + 1, close - dot - 1));
        const std::string name = path.substr(0, dot);
        JsonValue array = *root.find(name);
        JsonValue::Array items = array.asArray();
        std::string rest = path.substr(close + 1);
        if (!rest.empty() && rest[0] == '.')
            rest.erase(0, 1);
        if (rest.empty()) {
            items[index] = parsed(value);
        } else {
            setAt(items[index], rest, value);
        }
        root.set(name, JsonValue(std::move(items)));
        return;
    }
    const std::string name = path.substr(0, dot);
    JsonValue child = root.find(name) ? *root.find(name) : JsonValue::object();
    setAt(child, path.substr(dot + 1), value);
    root.set(name, std::move(child));
}

QByteArray with(const std::string &path, const char *value)
{
    return mutated([&](JsonValue &root) { setAt(root, path, value); });
}

} // namespace

class TestLessonFile : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryField()
    {
        auto lesson = attn::parseLesson(fixture());
        QVERIFY2(lesson.ok(), why(lesson).c_str());
        QCOMPARE(lesson->steps.size(), std::size_t(3));
        QCOMPARE(lesson->title.en, std::string("Dot product"));
        QCOMPARE(lesson->title.zhCN, std::string("点积"));

        const attn::LessonStep &first = lesson->steps[0];
        QVERIFY(first.isScene());
        // The scene is the article's, as the scene reader reads it on its own.
        QCOMPARE(attn::writeScene(std::get<attn::Scene>(first.content)),
                 attn::writeScene(*attn::parseScene(clifiles::kArticleScene)));
        QCOMPARE(first.view.landscape, true);
        QCOMPARE(first.view.normalised, false);
        QVERIFY(first.view.zoom);
        QCOMPARE(first.view.zoom->scale, 120.5);
        QCOMPARE(first.view.zoom->centreX, 0.25);
        QCOMPARE(first.view.zoom->centreY, -1.0);
        // In the order of the View menu, whatever the file's order.
        const std::array<bool, attn::kLessonPanelCount> panels{true, false, false, true, false};
        QVERIFY(first.view.panels == panels);
        QVERIFY(first.view.walkthrough);
        QCOMPARE(first.view.walkthrough->step, 2);
        QCOMPARE(first.view.walkthrough->revealed, true);
        QVERIFY(first.question);
        QCOMPARE(first.question->asks, attn::LessonAsks::Weights);
        QCOMPARE(first.question->keys, (std::vector<int>{2, 1}));
        // One language shows in both.
        QCOMPARE(first.question->prompt.text("zh_CN"), std::string("Which key wins?"));

        const attn::LessonStep &second = lesson->steps[1];
        QCOMPARE(second.note->text("en"), std::string("只有中文。"));
        QCOMPARE(second.note->text("zh_CN"), std::string("只有中文。"));
        QCOMPARE(second.question->asks, attn::LessonAsks::Output);
        QVERIFY(second.question->keys.empty());
        // A step without a view block: every panel, no walkthrough, fitted.
        QVERIFY(!second.view.zoom && !second.view.walkthrough && !second.view.landscape);
        QVERIFY(second.view.panels == (std::array<bool, 5>{true, true, true, true, true}));

        const attn::LessonStep &third = lesson->steps[2];
        QVERIFY(!third.isScene());
        const auto &doc = std::get<attn::SequenceDocument>(third.content);
        QCOMPARE(doc.model.vocabulary, (std::vector<std::string>{"x", "y"}));
        QCOMPARE(doc.examples.front().tokens, (std::vector<int>{0, 1}));
    }

    void roundTripIsByteStable()
    {
        auto first = attn::parseLesson(fixture());
        QVERIFY(first.ok());
        const std::string written = attn::writeLesson(*first);
        auto second = attn::parseLesson(written);
        QVERIFY2(second.ok(), why(second).c_str());
        QCOMPARE(attn::writeLesson(*second), written);
        QVERIFY(attn::validateLesson(*second).ok());
        // The embedded sequence is written as the sequence writer writes it.
        const auto &doc = std::get<attn::SequenceDocument>(second->steps[2].content);
        QCOMPARE(attn::writeJson(*parsed(written).find("steps")->asArray()[2].find("sequence")),
                 attn::writeSequence(doc));
    }

    void writesFormatAndVersionFirst()
    {
        const std::string written = attn::writeLesson(*attn::parseLesson(fixture()));
        QVERIFY(written.rfind("{\n  \"format\": \"attention-canvas-lesson\",\n  \"version\": 1,",
                              0) == 0);
    }

    void refusesBadLessons_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<ErrorCode>("code");
        QTest::addColumn<QString>("subject");
        auto row = [](const char *name, QByteArray text, ErrorCode code, const char *subject) {
            QTest::newRow(name) << text << code << QString::fromUtf8(subject);
        };
        row("not json", "{", ErrorCode::Malformed, "");
        row("not an object", "[]", ErrorCode::WrongType, "");
        row("scene file", clifiles::kArticleScene, ErrorCode::WrongFormat, "format");
        row("version 2", with("version", "2"), ErrorCode::UnsupportedVersion, "version");
        row("unknown top field", with("author", "\"me\""), ErrorCode::UnknownField, "author");
        row("no title", with("title", nullptr), ErrorCode::MissingField, "title");
        row("title no language", with("title", "{}"), ErrorCode::MissingField, "title.en");
        row("title other language", with("title.fr", "\"Bonjour\""), ErrorCode::UnknownField,
            "title.fr");
        row("title empty", with("title.en", "\"\""), ErrorCode::OutOfRange, "title.en");
        row("title too long", with("title.en", ("\"" + std::string(201, 'a') + "\"").c_str()),
            ErrorCode::OutOfRange, "title.en");
        row("title number", with("title.zh_CN", "3"), ErrorCode::WrongType, "title.zh_CN");
        row("title null char", with("title.en", "\"a\\u0000b\""), ErrorCode::BadName, "title.en");
        row("no steps", with("steps", nullptr), ErrorCode::MissingField, "steps");
        row("steps empty", with("steps", "[]"), ErrorCode::OutOfRange, "steps");
        row("steps object", with("steps", "{}"), ErrorCode::WrongType, "steps");
        row("step not object", with("steps[1]", "3"), ErrorCode::WrongType, "steps[1]");
        row("step unknown field", with("steps[0].slide", "1"), ErrorCode::UnknownField,
            "steps[0].slide");
        row("step without content", with("steps[1].scene", nullptr), ErrorCode::MissingField,
            "steps[1].scene");
        row("step with both", with("steps[2].scene", clifiles::kArticleScene),
            ErrorCode::BadArgument, "steps[2].sequence");
        row("scene bad key", with("steps[1].scene.keys[2]", "[1]"), ErrorCode::DimensionMismatch,
            "steps[1].scene.keys[2]");
        row("scene bad method", with("steps[0].scene.method", "\"dots\""), ErrorCode::UnknownMethod,
            "steps[0].scene.method");
        row("scene not object", with("steps[0].scene", "[]"), ErrorCode::WrongType,
            "steps[0].scene");
        row("scene is a sequence", with("steps[0].scene.format", "\"attention-canvas-sequence\""),
            ErrorCode::WrongFormat, "steps[0].scene.format");
        row("sequence bad width", with("steps[2].sequence.d_model", "0"), ErrorCode::OutOfRange,
            "steps[2].sequence.d_model");
        row("sequence unknown token", with("steps[2].sequence.examples[0].tokens[1]", "\"z\""),
            ErrorCode::UnknownName, "steps[2].sequence.examples[0].tokens[1]");
        row("view on sequence", with("steps[2].view", "{}"), ErrorCode::BadArgument,
            "steps[2].view");
        row("question on sequence",
            with("steps[2].question", R"({"prompt": {"en": "?"}, "asks": "output"})"),
            ErrorCode::BadArgument, "steps[2].question");
        row("view not object", with("steps[0].view", "true"), ErrorCode::WrongType,
            "steps[0].view");
        row("view unknown", with("steps[0].view.grid", "true"), ErrorCode::UnknownField,
            "steps[0].view.grid");
        row("landscape string", with("steps[0].view.landscape", "\"on\""), ErrorCode::WrongType,
            "steps[0].view.landscape");
        row("normalised number", with("steps[0].view.normalised", "1"), ErrorCode::WrongType,
            "steps[0].view.normalised");
        row("zoom zero", with("steps[0].view.zoom.scale", "0"), ErrorCode::BadArgument,
            "steps[0].view.zoom.scale");
        row("zoom negative", with("steps[0].view.zoom.scale", "-2"), ErrorCode::BadArgument,
            "steps[0].view.zoom.scale");
        row("zoom no centre", with("steps[0].view.zoom.centre", nullptr), ErrorCode::MissingField,
            "steps[0].view.zoom.centre");
        row("zoom centre 3", with("steps[0].view.zoom.centre", "[1, 2, 3]"),
            ErrorCode::DimensionMismatch, "steps[0].view.zoom.centre");
        row("zoom centre text", with("steps[0].view.zoom.centre", "[1, \"2\"]"),
            ErrorCode::WrongType, "steps[0].view.zoom.centre[1]");
        row("panel unknown", with("steps[0].view.panels", "[\"steps\", \"canvas\"]"),
            ErrorCode::UnknownName, "steps[0].view.panels[1]");
        row("panel twice", with("steps[0].view.panels", "[\"chart\", \"chart\"]"),
            ErrorCode::DuplicateName, "steps[0].view.panels[1]");
        row("panel number", with("steps[0].view.panels", "[1]"), ErrorCode::WrongType,
            "steps[0].view.panels[0]");
        row("walkthrough stage", with("steps[0].view.walkthrough.step", "\"softmax\""),
            ErrorCode::UnknownKind, "steps[0].view.walkthrough.step");
        row("walkthrough no step", with("steps[0].view.walkthrough.step", nullptr),
            ErrorCode::MissingField, "steps[0].view.walkthrough.step");
        row("walkthrough revealed", with("steps[0].view.walkthrough.revealed", "\"yes\""),
            ErrorCode::WrongType, "steps[0].view.walkthrough.revealed");
        row("note empty", with("steps[0].note", "{}"), ErrorCode::MissingField, "steps[0].note.en");
        row("note too long",
            with("steps[0].note.zh_CN", ("\"" + std::string(2001, 'x') + "\"").c_str()),
            ErrorCode::OutOfRange, "steps[0].note.zh_CN");
        row("question no prompt", with("steps[0].question.prompt", nullptr),
            ErrorCode::MissingField, "steps[0].question.prompt");
        row("question asks", with("steps[0].question.asks", "\"values\""), ErrorCode::UnknownKind,
            "steps[0].question.asks");
        row("question no keys", with("steps[0].question.keys", nullptr), ErrorCode::MissingField,
            "steps[0].question.keys");
        row("question empty keys", with("steps[0].question.keys", "[]"), ErrorCode::OutOfRange,
            "steps[0].question.keys");
        row("question key 0", with("steps[0].question.keys", "[0]"), ErrorCode::OutOfRange,
            "steps[0].question.keys[0]");
        row("question key 4 of 3", with("steps[0].question.keys", "[1, 4]"), ErrorCode::OutOfRange,
            "steps[0].question.keys[1]");
        row("question key twice", with("steps[0].question.keys", "[2, 2]"),
            ErrorCode::DuplicateName, "steps[0].question.keys[1]");
        row("question key fraction", with("steps[0].question.keys", "[1.5]"), ErrorCode::WrongType,
            "steps[0].question.keys[0]");
        row("output with keys", with("steps[1].question.keys", "[1]"), ErrorCode::BadArgument,
            "steps[1].question.keys");
        row("duplicate field", QByteArray(R"({"format": "attention-canvas-lesson", "format": 1})"),
            ErrorCode::DuplicateField, "format");
    }

    void refusesBadLessons()
    {
        QFETCH(QByteArray, text);
        QFETCH(ErrorCode, code);
        QFETCH(QString, subject);
        auto lesson = attn::parseLesson(view(text));
        QVERIFY(!lesson.ok());
        QVERIFY2(lesson.error().code == code, why(lesson).c_str());
        QCOMPARE(QString::fromStdString(lesson.error().subject), subject);
    }

    void refusesTooManySteps()
    {
        // 201 steps of the smallest scene: refused for the count before any step is read.
        std::string steps;
        for (int i = 0; i < 201; ++i)
            steps += std::string(i ? "," : "") + "{\"scene\": " + clifiles::kArticleScene + "}";
        const std::string text = R"({"format": "attention-canvas-lesson", "version": 1,
            "title": {"en": "Long"}, "steps": [)" +
                                 steps + "]}";
        auto lesson = attn::parseLesson(text);
        QVERIFY(!lesson.ok());
        QCOMPARE(lesson.error().code, ErrorCode::OutOfRange);
        QCOMPARE(lesson.error().expected, 200LL);
        QCOMPARE(lesson.error().actual, 201LL);
    }

    void refusesTooLarge()
    {
        const std::string text(attn::kMaxLessonBytes + 1, ' ');
        auto lesson = attn::parseLesson(text);
        QVERIFY(!lesson.ok());
        QCOMPARE(lesson.error().code, ErrorCode::FileTooLarge);
    }

    void validatesMemory()
    {
        Lesson lesson = *attn::parseLesson(fixture());
        lesson.steps[0].question->keys = {1, 9};
        auto valid = attn::validateLesson(lesson);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().subject, std::string("steps[0].question.keys[1]"));
        lesson = *attn::parseLesson(fixture());
        std::get<attn::Scene>(lesson.steps[1].content).temperature = -1;
        valid = attn::validateLesson(lesson);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().code, ErrorCode::BadTemperature);
        QCOMPARE(valid.error().subject, std::string("steps[1].scene.temperature"));
        lesson = *attn::parseLesson(fixture());
        lesson.steps[0].view.zoom->scale = 0;
        QCOMPARE(attn::validateLesson(lesson).error().subject,
                 std::string("steps[0].view.zoom.scale"));
    }
};

QTEST_APPLESS_MAIN(TestLessonFile)
#include "tst_lessonfile.moc"
