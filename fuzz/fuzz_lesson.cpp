// libFuzzer target: any bytes as a lesson file. Besides "no crash, no hang, no leak, no undefined
// behaviour" it checks the loader's promises on every input that loads:
//   - the lesson validates as loaded, and its session accepts it;
//   - writing and reading back is exact (the second write is byte for byte the first);
//   - every scene step computes finite weights and output under its own method, or says why
//     not, and every sequence step's forward pass is finite;
//   - every error turns into a message.

#include "core/lessonfile.h"
#include "core/sequenceforward.h"
#include "model/errortext.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"

#include <QByteArray>
#include <QString>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {
[[noreturn]] void broken(const char *promise)
{
    std::fprintf(stderr, "fuzz_lesson: broken promise: %s\n", promise);
    std::abort();
}

bool finite(const attn::Matrix &m)
{
    return m.allFinite();
}

void checkScene(const attn::Scene &scene)
{
    SceneModel model;
    if (model.setScene(scene))
        broken("the model refuses a step's scene that the lesson reader accepted");
    if (!model.hasResult()) {
        if (model.errorText().isEmpty())
            broken("a step without a result and without a reason");
        return;
    }
    if (!model.result().weights.allFinite() || !model.result().output.allFinite())
        broken("a step's scene computes a number that is not finite");
}

void checkSequence(const attn::SequenceDocument &doc)
{
    // The sentence the Sequence window would show: the first example.
    if (doc.examples.empty())
        return;
    auto pass = attn::SequenceForward::run(doc.model, doc.examples.front().tokens);
    if (!pass)
        return; // refused with a reason (an overflow, say): the window says so
    if (!finite(pass->logits))
        broken("a sequence step computes a logit that is not finite");
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const auto lesson = attn::parseLesson(text);

    LessonSession session;
    QString why;
    const bool opened = session.loadText(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)), {}, &why);
    if (opened != lesson.ok())
        broken("LessonSession and attn::parseLesson disagree");
    if (!lesson) {
        if (why.isEmpty() ||
            ErrorText::describe(lesson.error(), ErrorText::FileKind::Lesson) != why)
            broken("an error without its message");
        return 0;
    }
    if (!attn::validateLesson(*lesson))
        broken("a loaded lesson does not validate");
    const std::string written = attn::writeLesson(*lesson);
    const auto again = attn::parseLesson(written);
    if (!again)
        broken("a written lesson does not load");
    if (attn::writeLesson(*again) != written)
        broken("saving and loading is not exact");
    for (const attn::LessonStep &step : lesson->steps) {
        if (step.isScene())
            checkScene(std::get<attn::Scene>(step.content));
        else
            checkSequence(std::get<attn::SequenceDocument>(step.content));
    }
    // Walking the lesson to its end and back visits every step and question once each way.
    int forward = 0;
    while (session.next())
        ++forward;
    int back = 0;
    while (session.previous())
        ++back;
    if (forward != back || session.current() != 0)
        broken("walking forward and back does not return to the start");
    return 0;
}
