#include "lessonfile.h"

#include "json.h"
#include "jsonfields.h"
#include "scenefile.h"
#include "sequencefile.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace attn {

namespace {

using namespace jsonfields;

constexpr std::array<const char *, kLessonPanelCount> kPanelIds{"method", "explanation", "chart",
                                                                "steps", "heads"};
constexpr std::array<const char *, kLessonWalkthroughSteps> kStageIds{
    "scores", "scaling", "exponentials", "normalisation", "weighted_sum"};
constexpr std::array<const char *, 3> kAsksIds{"scores", "weights", "output"};

// An error found inside an embedded scene or sequence names its field from the lesson's top:
// "keys[1]" in step 2's scene is "steps[2].scene.keys[1]".
Error within(Error e, const std::string &path)
{
    e.subject = e.subject.empty() ? path : path + '.' + e.subject;
    return e;
}

// --- Rules --------------------------------------------------------------------------------------

Check checkString(const std::string &s, const std::string &path, int limit)
{
    if (s.empty() || s.size() > std::size_t(limit))
        return makeError(ErrorCode::OutOfRange, path, limit, static_cast<long long>(s.size()),
                         "text-bytes");
    // Nothing in a lesson may hide behind an escaped \u0000: Qt's strings and C strings would cut
    // the text there.
    if (s.find('\0') != std::string::npos)
        return makeError(ErrorCode::BadName, path, -1, -1, "control");
    return {};
}

Check checkText(const LessonText &t, const std::string &path, int limit)
{
    if (t.empty())
        return makeError(ErrorCode::MissingField, member(path, "en"));
    if (!t.en.empty())
        if (auto e = checkString(t.en, member(path, "en"), limit))
            return e;
    if (!t.zhCN.empty())
        if (auto e = checkString(t.zhCN, member(path, "zh_CN"), limit))
            return e;
    return {};
}

Check checkZoom(const LessonView::Zoom &z, const std::string &path)
{
    if (!(z.scale > 0) || !std::isfinite(z.scale))
        return makeError(ErrorCode::BadArgument, member(path, "scale"), -1, -1, "zoom-scale");
    if (!std::isfinite(z.centreX))
        return makeError(ErrorCode::NonFinite, at(member(path, "centre"), 0));
    if (!std::isfinite(z.centreY))
        return makeError(ErrorCode::NonFinite, at(member(path, "centre"), 1));
    return {};
}

Check checkView(const LessonView &v, const std::string &path)
{
    if (v.zoom)
        if (auto e = checkZoom(*v.zoom, member(path, "zoom")))
            return e;
    if (v.walkthrough &&
        (v.walkthrough->step < 0 || v.walkthrough->step >= kLessonWalkthroughSteps))
        return makeError(ErrorCode::UnknownKind, member(member(path, "walkthrough"), "step"), -1,
                         -1, std::to_string(v.walkthrough->step));
    return {};
}

Check checkQuestion(const LessonQuestion &q, const std::string &path, int keyCount)
{
    if (auto e = checkText(q.prompt, member(path, "prompt"), kMaxLessonNoteBytes))
        return e;
    const int asks = static_cast<int>(q.asks);
    if (asks < 0 || asks >= int(kAsksIds.size()))
        return makeError(ErrorCode::UnknownKind, member(path, "asks"), -1, -1,
                         std::to_string(asks));
    const std::string keys = member(path, "keys");
    if (q.asks == LessonAsks::Output) {
        if (!q.keys.empty())
            return makeError(ErrorCode::BadArgument, keys, -1, -1, "output-keys");
        return {};
    }
    if (q.keys.empty())
        return makeError(ErrorCode::OutOfRange, keys, keyCount, 0, "key-count");
    for (std::size_t i = 0; i < q.keys.size(); ++i) {
        if (q.keys[i] < 1 || q.keys[i] > keyCount)
            return makeError(ErrorCode::OutOfRange, at(keys, i), keyCount, q.keys[i], "key");
        if (std::find(q.keys.begin(), q.keys.begin() + std::ptrdiff_t(i), q.keys[i]) !=
            q.keys.begin() + std::ptrdiff_t(i))
            return makeError(ErrorCode::DuplicateName, at(keys, i), -1, -1,
                             std::to_string(q.keys[i]));
    }
    return {};
}

Check checkStepCount(std::size_t count)
{
    if (count < 1 || count > std::size_t(kMaxLessonSteps))
        return makeError(ErrorCode::OutOfRange, "steps", kMaxLessonSteps,
                         static_cast<long long>(std::min<std::size_t>(count, 1u << 30)), "steps");
    return {};
}

// --- Reading ------------------------------------------------------------------------------------

Check readString(const JsonValue &v, const std::string &path, int limit, std::string &out)
{
    if (!v.isString())
        return makeError(ErrorCode::WrongType, path, -1, -1, "string");
    out = v.asString();
    return checkString(out, path, limit);
}

Check readText(const JsonValue &v, const std::string &path, int limit, LessonText &out)
{
    if (auto e = expectObject(v, path))
        return e;
    if (auto e = rejectUnknownFields(v, path, {"en", "zh_CN"}))
        return e;
    out = {};
    if (const JsonValue *en = v.find("en"))
        if (auto e = readString(*en, member(path, "en"), limit, out.en))
            return e;
    if (const JsonValue *zh = v.find("zh_CN"))
        if (auto e = readString(*zh, member(path, "zh_CN"), limit, out.zhCN))
            return e;
    return checkText(out, path, limit);
}

Check readBool(const JsonValue &v, const std::string &path, bool &out)
{
    if (!v.isBool())
        return makeError(ErrorCode::WrongType, path, -1, -1, "boolean");
    out = v.asBool();
    return {};
}

Check readZoom(const JsonValue &v, const std::string &path, LessonView::Zoom &out)
{
    if (auto e = expectObject(v, path))
        return e;
    if (auto e = rejectUnknownFields(v, path, {"scale", "centre"}))
        return e;
    const JsonValue *scale = nullptr, *centre = nullptr;
    if (auto e = require(v, path, "scale", scale))
        return e;
    if (auto e = expectNumber(*scale, member(path, "scale"), out.scale))
        return e;
    if (auto e = require(v, path, "centre", centre))
        return e;
    const std::string centrePath = member(path, "centre");
    if (auto e = expectArray(*centre, centrePath))
        return e;
    if (centre->asArray().size() != 2)
        return makeError(ErrorCode::DimensionMismatch, centrePath, 2,
                         static_cast<long long>(centre->asArray().size()));
    if (auto e = expectNumber(centre->asArray()[0], at(centrePath, 0), out.centreX))
        return e;
    if (auto e = expectNumber(centre->asArray()[1], at(centrePath, 1), out.centreY))
        return e;
    return checkZoom(out, path);
}

Check readPanels(const JsonValue &v, const std::string &path,
                 std::array<bool, kLessonPanelCount> &out)
{
    if (auto e = expectArray(v, path))
        return e;
    out.fill(false);
    const auto &items = v.asArray();
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].isString())
            return makeError(ErrorCode::WrongType, at(path, i), -1, -1, "string");
        LessonPanel panel;
        if (!lessonPanelFromId(items[i].asString(), panel))
            return makeError(ErrorCode::UnknownName, at(path, i), -1, -1, items[i].asString());
        if (out[std::size_t(panel)])
            return makeError(ErrorCode::DuplicateName, at(path, i), -1, -1, items[i].asString());
        out[std::size_t(panel)] = true;
    }
    return {};
}

Check readWalkthrough(const JsonValue &v, const std::string &path, LessonView::Walkthrough &out)
{
    if (auto e = expectObject(v, path))
        return e;
    if (auto e = rejectUnknownFields(v, path, {"step", "revealed"}))
        return e;
    const JsonValue *step = nullptr;
    if (auto e = require(v, path, "step", step))
        return e;
    const std::string stepPath = member(path, "step");
    if (!step->isString())
        return makeError(ErrorCode::WrongType, stepPath, -1, -1, "string");
    out.step = lessonWalkthroughStepFromId(step->asString());
    if (out.step < 0)
        return makeError(ErrorCode::UnknownKind, stepPath, -1, -1, step->asString());
    out.revealed = false;
    if (const JsonValue *revealed = v.find("revealed"))
        return readBool(*revealed, member(path, "revealed"), out.revealed);
    return {};
}

Check readView(const JsonValue &v, const std::string &path, LessonView &out)
{
    if (auto e = expectObject(v, path))
        return e;
    if (auto e = rejectUnknownFields(v, path,
                                     {"landscape", "normalised", "zoom", "panels", "walkthrough"}))
        return e;
    out = {};
    if (const JsonValue *f = v.find("landscape"))
        if (auto e = readBool(*f, member(path, "landscape"), out.landscape))
            return e;
    if (const JsonValue *f = v.find("normalised"))
        if (auto e = readBool(*f, member(path, "normalised"), out.normalised))
            return e;
    if (const JsonValue *f = v.find("zoom")) {
        LessonView::Zoom zoom;
        if (auto e = readZoom(*f, member(path, "zoom"), zoom))
            return e;
        out.zoom = zoom;
    }
    if (const JsonValue *f = v.find("panels"))
        if (auto e = readPanels(*f, member(path, "panels"), out.panels))
            return e;
    if (const JsonValue *f = v.find("walkthrough")) {
        LessonView::Walkthrough w;
        if (auto e = readWalkthrough(*f, member(path, "walkthrough"), w))
            return e;
        out.walkthrough = w;
    }
    return {};
}

Check readQuestion(const JsonValue &v, const std::string &path, int keyCount, LessonQuestion &out)
{
    if (auto e = expectObject(v, path))
        return e;
    if (auto e = rejectUnknownFields(v, path, {"prompt", "asks", "keys"}))
        return e;
    const JsonValue *prompt = nullptr, *asks = nullptr;
    if (auto e = require(v, path, "prompt", prompt))
        return e;
    if (auto e = readText(*prompt, member(path, "prompt"), kMaxLessonNoteBytes, out.prompt))
        return e;
    if (auto e = require(v, path, "asks", asks))
        return e;
    const std::string asksPath = member(path, "asks");
    if (!asks->isString())
        return makeError(ErrorCode::WrongType, asksPath, -1, -1, "string");
    const auto found = std::find(kAsksIds.begin(), kAsksIds.end(), asks->asString());
    if (found == kAsksIds.end())
        return makeError(ErrorCode::UnknownKind, asksPath, -1, -1, asks->asString());
    out.asks = LessonAsks(found - kAsksIds.begin());
    out.keys.clear();
    if (const JsonValue *keys = v.find("keys")) {
        const std::string keysPath = member(path, "keys");
        if (auto e = expectArray(*keys, keysPath))
            return e;
        if (out.asks == LessonAsks::Output)
            return makeError(ErrorCode::BadArgument, keysPath, -1, -1, "output-keys");
        // Each key is checked as it is read: a list longer than the keys repeats one by its
        // 65th entry at the latest, so that a list of a million costs no more than that.
        const auto &items = keys->asArray();
        for (std::size_t i = 0; i < items.size(); ++i) {
            const double x = items[i].asNumber();
            if (!items[i].isNumber() || x != std::floor(x))
                return makeError(ErrorCode::WrongType, at(keysPath, i), -1, -1, "integer");
            const int k = static_cast<int>(std::clamp(x, -1e9, 1e9));
            if (k < 1 || k > keyCount)
                return makeError(ErrorCode::OutOfRange, at(keysPath, i), keyCount, k, "key");
            if (std::find(out.keys.begin(), out.keys.end(), k) != out.keys.end())
                return makeError(ErrorCode::DuplicateName, at(keysPath, i), -1, -1,
                                 std::to_string(k));
            out.keys.push_back(k);
        }
    } else if (out.asks != LessonAsks::Output) {
        return makeError(ErrorCode::MissingField, member(path, "keys"));
    }
    return checkQuestion(out, path, keyCount);
}

Check readStep(const JsonValue &v, const std::string &path, LessonStep &out)
{
    if (auto e = expectObject(v, path))
        return e;
    if (auto e = rejectUnknownFields(v, path, {"scene", "sequence", "view", "note", "question"}))
        return e;
    const JsonValue *scene = v.find("scene");
    const JsonValue *sequence = v.find("sequence");
    if (scene && sequence)
        return makeError(ErrorCode::BadArgument, member(path, "sequence"), -1, -1,
                         "scene-and-sequence");
    if (scene) {
        auto read = readScene(*scene);
        if (!read)
            return within(read.error(), member(path, "scene"));
        out.content = std::move(read).value();
    } else if (sequence) {
        const std::string seqPath = member(path, "sequence");
        if (auto e = expectObject(*sequence, seqPath))
            return e;
        auto read = readSequence(*sequence);
        if (!read)
            return within(read.error(), seqPath);
        out.content = std::move(read).value();
    } else {
        return makeError(ErrorCode::MissingField, member(path, "scene"));
    }
    out.view = {};
    if (const JsonValue *view = v.find("view")) {
        if (!out.isScene())
            return makeError(ErrorCode::BadArgument, member(path, "view"), -1, -1, "scene-only");
        if (auto e = readView(*view, member(path, "view"), out.view))
            return e;
    }
    out.note.reset();
    if (const JsonValue *note = v.find("note")) {
        LessonText text;
        if (auto e = readText(*note, member(path, "note"), kMaxLessonNoteBytes, text))
            return e;
        out.note = std::move(text);
    }
    out.question.reset();
    if (const JsonValue *question = v.find("question")) {
        if (!out.isScene())
            return makeError(ErrorCode::BadArgument, member(path, "question"), -1, -1,
                             "scene-only");
        LessonQuestion q;
        if (auto e = readQuestion(*question, member(path, "question"),
                                  std::get<Scene>(out.content).keyCount(), q))
            return e;
        out.question = std::move(q);
    }
    return {};
}

Check readLesson(const JsonValue &root, Lesson &out)
{
    if (auto e = readDocumentRoot(root, kLessonFormat, kLessonVersion,
                                  {"format", "version", "title", "steps"}))
        return e;
    const JsonValue *title = nullptr, *steps = nullptr;
    if (auto e = require(root, "", "title", title))
        return e;
    if (auto e = readText(*title, "title", kMaxLessonTitleBytes, out.title))
        return e;
    if (auto e = require(root, "", "steps", steps))
        return e;
    if (auto e = expectArray(*steps, "steps"))
        return e;
    // The count first, so that a list of a million steps is refused before any is read.
    if (auto e = checkStepCount(steps->asArray().size()))
        return e;
    out.steps.clear();
    out.steps.reserve(steps->asArray().size());
    for (std::size_t i = 0; i < steps->asArray().size(); ++i) {
        LessonStep step;
        if (auto e = readStep(steps->asArray()[i], at("steps", i), step))
            return e;
        out.steps.push_back(std::move(step));
    }
    return {};
}

// --- Writing ------------------------------------------------------------------------------------

JsonValue textJson(const LessonText &t)
{
    JsonValue o = JsonValue::object();
    if (!t.en.empty())
        o.set("en", t.en);
    if (!t.zhCN.empty())
        o.set("zh_CN", t.zhCN);
    return o;
}

// A scene or sequence written by its own writer and read back as JSON: the lesson holds exactly
// the form a scene or sequence file has.
JsonValue embedded(const std::string &text)
{
    auto json = parseJson(text);
    return json ? std::move(json).value() : JsonValue();
}

JsonValue viewJson(const LessonView &v)
{
    JsonValue o = JsonValue::object();
    o.set("landscape", v.landscape);
    o.set("normalised", v.normalised);
    if (v.zoom) {
        JsonValue zoom = JsonValue::object();
        zoom.set("scale", v.zoom->scale);
        zoom.set("centre", JsonValue(JsonValue::Array{v.zoom->centreX, v.zoom->centreY}));
        o.set("zoom", std::move(zoom));
    }
    JsonValue panels = JsonValue::array();
    for (int p = 0; p < kLessonPanelCount; ++p)
        if (v.panels[std::size_t(p)])
            panels.append(kPanelIds[std::size_t(p)]);
    o.set("panels", std::move(panels));
    if (v.walkthrough) {
        JsonValue w = JsonValue::object();
        const int step = v.walkthrough->step;
        // An out-of-range stage (memory never validated) is written so that loading it fails.
        w.set("step",
              step >= 0 && step < kLessonWalkthroughSteps ? kStageIds[std::size_t(step)] : "");
        w.set("revealed", v.walkthrough->revealed);
        o.set("walkthrough", std::move(w));
    }
    return o;
}

JsonValue questionJson(const LessonQuestion &q)
{
    JsonValue o = JsonValue::object();
    o.set("prompt", textJson(q.prompt));
    o.set("asks", lessonAsksId(q.asks));
    if (!q.keys.empty()) {
        JsonValue keys = JsonValue::array();
        for (int k : q.keys)
            keys.append(k);
        o.set("keys", std::move(keys));
    }
    return o;
}

} // namespace

const std::string &LessonText::text(std::string_view language) const
{
    const bool chinese = language == "zh_CN";
    const std::string &wanted = chinese ? zhCN : en;
    return wanted.empty() ? (chinese ? en : zhCN) : wanted;
}

const char *lessonPanelId(LessonPanel panel)
{
    const int i = static_cast<int>(panel);
    return i >= 0 && i < kLessonPanelCount ? kPanelIds[std::size_t(i)] : "";
}

bool lessonPanelFromId(std::string_view id, LessonPanel &out)
{
    for (int i = 0; i < kLessonPanelCount; ++i)
        if (id == kPanelIds[std::size_t(i)]) {
            out = LessonPanel(i);
            return true;
        }
    return false;
}

const char *lessonWalkthroughStepId(int step)
{
    return step >= 0 && step < kLessonWalkthroughSteps ? kStageIds[std::size_t(step)] : "";
}

int lessonWalkthroughStepFromId(std::string_view id)
{
    for (int i = 0; i < kLessonWalkthroughSteps; ++i)
        if (id == kStageIds[std::size_t(i)])
            return i;
    return -1;
}

const char *lessonAsksId(LessonAsks asks)
{
    const int i = static_cast<int>(asks);
    return i >= 0 && i < int(kAsksIds.size()) ? kAsksIds[std::size_t(i)] : "";
}

Result<Lesson> parseLesson(std::string_view text)
{
    auto json = parseWithin(text, kMaxLessonBytes);
    if (!json)
        return json.error();
    Lesson lesson;
    if (auto e = readLesson(*json, lesson))
        return std::move(*e);
    return lesson;
}

Result<bool> validateLesson(const Lesson &lesson)
{
    if (auto e = checkText(lesson.title, "title", kMaxLessonTitleBytes))
        return std::move(*e);
    if (auto e = checkStepCount(lesson.steps.size()))
        return std::move(*e);
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep &step = lesson.steps[i];
        const std::string path = at("steps", i);
        if (step.isScene()) {
            auto valid = validateScene(std::get<Scene>(step.content));
            if (!valid)
                return within(valid.error(), member(path, "scene"));
            if (auto e = checkView(step.view, member(path, "view")))
                return std::move(*e);
        } else {
            auto valid = validateSequence(std::get<SequenceDocument>(step.content));
            if (!valid)
                return within(valid.error(), member(path, "sequence"));
            if (step.question)
                return makeError(ErrorCode::BadArgument, member(path, "question"), -1, -1,
                                 "scene-only");
        }
        if (step.note)
            if (auto e = checkText(*step.note, member(path, "note"), kMaxLessonNoteBytes))
                return std::move(*e);
        if (step.question)
            if (auto e = checkQuestion(*step.question, member(path, "question"),
                                       std::get<Scene>(step.content).keyCount()))
                return std::move(*e);
    }
    return true;
}

std::string writeLesson(const Lesson &lesson)
{
    JsonValue root = JsonValue::object();
    root.set("format", kLessonFormat);
    root.set("version", kLessonVersion);
    root.set("title", textJson(lesson.title));
    JsonValue steps = JsonValue::array();
    for (const LessonStep &step : lesson.steps) {
        JsonValue s = JsonValue::object();
        if (step.isScene()) {
            s.set("scene", embedded(writeScene(std::get<Scene>(step.content))));
            s.set("view", viewJson(step.view));
        } else {
            s.set("sequence", embedded(writeSequence(std::get<SequenceDocument>(step.content))));
        }
        if (step.note)
            s.set("note", textJson(*step.note));
        if (step.question && step.isScene())
            s.set("question", questionJson(*step.question));
        steps.append(std::move(s));
    }
    root.set("steps", std::move(steps));
    return writeJson(root);
}

} // namespace attn
