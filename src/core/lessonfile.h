#pragma once

#include "error.h"
#include "scene.h"
#include "sequencedocument.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

/// A lesson: the scenes (and sequences) a teacher walks a class through, one step at a time, with
/// what to say at each and what the class is asked to predict. The file format is
/// docs/lesson-format.md; this is its reader, writer and the document in memory.
namespace attn {

inline constexpr const char *kLessonFormat = "attention-canvas-lesson";
inline constexpr int kLessonVersion = 1;
/// A lesson of 200 sequence steps near the sequence limit would be gigabytes; a lesson is a file a
/// teacher passes around, so the whole of it has the sequence file's limit.
inline constexpr std::size_t kMaxLessonBytes = 32 * 1024 * 1024;
inline constexpr int kMaxLessonSteps = 200;
/// UTF-8 bytes of a title, a note and a question's prompt, in each language.
inline constexpr int kMaxLessonTitleBytes = 200;
inline constexpr int kMaxLessonNoteBytes = 2000;

/// A text in the two languages of the app. At least one is given; a step with one language shows
/// it in both (text()).
struct LessonText
{
    std::string en;
    std::string zhCN;

    /// The text for `language` ("en", "zh_CN"; anything else reads as English), or the other
    /// language's when this one is not given.
    const std::string &text(std::string_view language) const;
    bool empty() const { return en.empty() && zhCN.empty(); }
};

/// The panels (the main window's docks) a step can open, in the order of the View menu.
enum class LessonPanel
{
    Method,
    Explanation,
    Chart,
    Steps,
    Heads
};
inline constexpr int kLessonPanelCount = 5;
/// The identifiers the file uses: "method", "explanation", "chart", "steps", "heads".
const char *lessonPanelId(LessonPanel panel);
bool lessonPanelFromId(std::string_view id, LessonPanel &out);

/// The walkthrough's stages as the file names them (scores … weighted_sum), in its order.
inline constexpr int kLessonWalkthroughSteps = 5;
const char *lessonWalkthroughStepId(int step);
/// -1 when `id` names no stage.
int lessonWalkthroughStepFromId(std::string_view id);

/// How the main window shows a scene step, beyond the scene itself (whose method, normaliser and
/// temperature are the scene's own fields).
struct LessonView
{
    bool landscape = false;
    bool normalised = false;
    /// Pixels per world unit and the world point at the canvas's centre; none: every vector in
    /// view (fit all), which suits every screen.
    struct Zoom
    {
        double scale = 1;
        double centreX = 0, centreY = 0;
    };
    std::optional<Zoom> zoom;
    /// Which panels are open, by LessonPanel; every one by default.
    std::array<bool, kLessonPanelCount> panels{true, true, true, true, true};
    /// The walkthrough at `step` (0 … 4), its result revealed or held back; none: no walkthrough.
    struct Walkthrough
    {
        int step = 0;
        bool revealed = false;
    };
    std::optional<Walkthrough> walkthrough;
};

/// What a question asks the class to predict before the answer is shown.
enum class LessonAsks
{
    Scores,
    Weights,
    Output
};
const char *lessonAsksId(LessonAsks asks);

struct LessonQuestion
{
    LessonText prompt;
    LessonAsks asks = LessonAsks::Weights;
    /// The keys whose scores or weights are asked, 1-based as the canvas names them (k₁ …), in
    /// increasing order; empty for the output.
    std::vector<int> keys;
};

struct LessonStep
{
    /// A scene for the main window, or a sequence for the Sequence window.
    std::variant<Scene, SequenceDocument> content;
    /// Only for a scene step.
    LessonView view;
    std::optional<LessonText> note;
    /// Only for a scene step.
    std::optional<LessonQuestion> question;

    bool isScene() const { return content.index() == 0; }
};

struct Lesson
{
    LessonText title;
    std::vector<LessonStep> steps;
};

/// Reads a lesson file (JSON, UTF-8). Every problem is an Error whose subject is the field path
/// ("steps[2].scene.keys[1]", "steps[0].question.keys[1]"); nothing is thrown, nothing crashes.
Result<Lesson> parseLesson(std::string_view text);

/// Writes the documented form. parseLesson(writeLesson(l)) reads back the same lesson, and writing
/// that again gives the same bytes.
std::string writeLesson(const Lesson &lesson);

/// Checks a lesson built in memory with the reader's rules, in the reader's order.
Result<bool> validateLesson(const Lesson &lesson);

} // namespace attn
