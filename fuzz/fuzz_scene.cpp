// libFuzzer target: any bytes as a scene file. Besides "no crash, no hang, no leak, no undefined
// behaviour" it checks the loader's promises on every input that loads:
//   - the model accepts what the file reader accepts (validateScene agrees with parseScene);
//   - writing and reading back is exact (the second write is byte for byte the first);
//   - every method either computes weights in [0, 1] that sum to 1 (to at most 1 for softmax₁,
//     to at most the number of keys for sigmoid), or says why not;
//   - the core and SceneStorage agree, and every error turns into a message.

#include "core/normaliser.h"
#include "core/scenefile.h"
#include "model/errortext.h"
#include "model/reportwriter.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"

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
    std::fprintf(stderr, "fuzz_scene: broken promise: %s\n", promise);
    std::abort();
}

void checkModel(const attn::Scene &scene)
{
    SceneModel model;
    if (model.setScene(scene))
        broken("the model refuses a scene that the file reader accepted");
    for (int m = 0; m < attn::kMethodCount; ++m) {
        model.setMethod(attn::Method(m));
        if (!model.hasResult()) {
            if (model.errorText().isEmpty())
                broken("no result and no reason");
            continue;
        }
        const attn::Vector &w = model.result().weights;
        double sum = 0;
        for (Eigen::Index i = 0; i < w.size(); ++i) {
            if (!(w[i] >= 0 && w[i] <= 1))
                broken("a weight outside [0, 1]");
            sum += w[i];
        }
        const attn::Normaliser normaliser = model.scene().normaliser;
        if (attn::normaliserInfo(normaliser).sumsToOne ? std::abs(sum - 1) > 1e-9
            : normaliser == attn::Normaliser::Softmax1 ? sum > 1 + 1e-9
                                                         : sum > double(w.size()) + 1e-9)
            broken("the weights do not sum as the normaliser promises");
        for (int k = 0; k < model.keyCount(); ++k)
            (void)model.explain(k);
        if (ReportWriter::write(model).isEmpty())
            broken("an empty report");
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const auto scene = attn::parseScene(text);

    QString why;
    const auto stored = SceneStorage::parse(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)), &why);
    if (stored.has_value() != scene.ok())
        broken("SceneStorage::parse and attn::parseScene disagree");

    if (!scene) {
        if (why.isEmpty() || ErrorText::describe(scene.error()) != why)
            broken("an error without its message");
        return 0;
    }
    if (!attn::validateScene(*scene))
        broken("a loaded scene does not validate");
    const std::string written = attn::writeScene(*scene);
    const auto again = attn::parseScene(written);
    if (!again)
        broken("a written scene does not load");
    if (attn::writeScene(*again) != written)
        broken("saving and loading is not exact");
    checkModel(*scene);
    return 0;
}
