// "Copy as code": the Python program written for every shipped scene under every score method and
// normaliser (with and without a mask, at other temperatures, in the normalised view), and for
// the shipped sequences under every normaliser (at position 0 and shifted), is run with the
// system's python3, and what it prints is compared with the core's numbers to 1e-12 of each
// vector's largest entry. The Python side is an independent implementation (sorting for
// sparsemax where the core iterates, NumPy's exp, tanh, sin and cos), so agreement checks both.
// Without python3 or NumPy the comparisons are skipped with a message saying so.

#include "common/apprun.h"
#include "common/pythonrun.h"
#include "core/methods.h"
#include "core/normaliser.h"
#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "model/commandline.h"
#include "model/language.h"
#include "model/pythoncode.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"

#include <QDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <string_view>
#include <tuple>

namespace {

QStringList presetFiles(const QString &folder)
{
    QDir dir(QStringLiteral(AC_SOURCE_DIR "/resources/") + folder);
    QStringList out;
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        out << dir.filePath(name);
    return out;
}

// One scene case: the program and the numbers the app shows for it.
struct SceneCase
{
    QString name;
    QString program;
    attn::AttentionResult result;
    attn::Matrix values; ///< the values the output sums (for the size of its terms)
    attn::Matrix wo;     ///< multi-head's W_O
};

// The SceneModel the main window computes with, set up as the case says; false when the core
// refuses the combination (then there is nothing to compare).
bool sceneCase(const attn::Scene &scene, bool normalised, const QString &name,
               PythonCode::Flavour flavour, std::vector<SceneCase> &out)
{
    SceneModel model;
    if (model.setScene(scene))
        return false;
    model.setNormalised(normalised);
    if (!model.hasResult())
        return false;
    out.push_back({name, PythonCode::forScene(model.scene(), normalised, flavour), model.result(),
                   model.values(), model.scene().multiHead.wo});
    return true;
}

std::vector<SceneCase> sceneCases(PythonCode::Flavour flavour)
{
    std::vector<SceneCase> cases;
    for (const QString &path : presetFiles(QStringLiteral("scenes"))) {
        QString why;
        const auto loaded = SceneStorage::load(path, &why);
        if (!loaded) {
            qWarning("%s: %s", qPrintable(path), qPrintable(why));
            continue;
        }
        const QString file = QFileInfo(path).completeBaseName();
        for (const attn::MethodInfo &m : attn::kMethods) {
            for (const attn::NormaliserInfo &n : attn::kNormalisers) {
                attn::Scene s = *loaded;
                s.method = m.method;
                s.normaliser = n.normaliser;
                const QString name = QStringLiteral("%1/%2/%3").arg(file, m.id, n.id);
                sceneCase(s, false, name, flavour, cases);
                // Another temperature, the first key masked (when another is left), a d of √d
                // the scene sets and a fixed sigmoid bias.
                attn::Scene v = s;
                v.temperature = 0.37;
                if (v.keyCount() > 1) {
                    v.mask.assign(std::size_t(v.keyCount()), false);
                    v.mask[0] = true;
                }
                v.scaleDim = 7.5;
                v.sigmoidBias = -0.8125;
                sceneCase(v, false, name + QStringLiteral("/variant"), flavour, cases);
                // The normalised view: q and the keys at unit length.
                sceneCase(s, true, name + QStringLiteral("/normalised"), flavour, cases);
            }
        }
    }
    return cases;
}

void compareScene(const SceneCase &c, const pythonrun::Printed &p)
{
    QVERIFY2(p.error.isEmpty(), qPrintable(c.name + QStringLiteral(": ") + p.error));
    const attn::AttentionResult &r = c.result;
    // The output is a sum of products: it is compared on the size of its terms (a component that
    // cancels to 0 up to rounding in both is no failure). For multi-head W_O · concat.
    const Eigen::VectorXd outputTerms = r.heads.empty()
                                            ? pythonrun::termSizes(c.values.transpose(), r.weights)
                                            : pythonrun::termSizes(c.wo, r.concat);
    const std::tuple<const char *, const attn::Vector *, Eigen::VectorXd> vectors[] = {
        {"scores", &r.scores, {}}, {"weights", &r.weights, {}}, {"output", &r.output, outputTerms}};
    for (const auto &[key, v, terms] : vectors) {
        QVERIFY2(p.values.contains(QString::fromLatin1(key)),
                 qPrintable(c.name + QStringLiteral(": no line ") + key + QStringLiteral(" in\n") +
                            p.text));
        const QString why = pythonrun::differs(p.values.value(QString::fromLatin1(key)), *v, terms);
        QVERIFY2(why.isEmpty(),
                 qPrintable(c.name + QStringLiteral(" ") + key + QStringLiteral(": ") + why));
    }
    for (std::size_t h = 0; h < r.heads.size(); ++h) {
        const attn::HeadResult &head = r.heads[h];
        const QString prefix = QStringLiteral("head%1.").arg(h + 1);
        const std::tuple<QString, const attn::Vector *, Eigen::VectorXd> parts[] = {
            {prefix + QStringLiteral("scores"), &head.scores, {}},
            {prefix + QStringLiteral("weights"), &head.softmax.weights, {}},
            {prefix + QStringLiteral("output"), &head.output,
             pythonrun::termSizes(head.values.transpose(), head.softmax.weights)}};
        for (const auto &[key, v, terms] : parts) {
            QVERIFY2(p.values.contains(key), qPrintable(c.name + QStringLiteral(": no ") + key));
            const QString why = pythonrun::differs(p.values.value(key), *v, terms);
            QVERIFY2(why.isEmpty(),
                     qPrintable(c.name + QStringLiteral(" ") + key + QStringLiteral(": ") + why));
        }
    }
    if (!r.heads.empty()) {
        const QString why = pythonrun::differs(p.values.value(QStringLiteral("concat")), r.concat);
        QVERIFY2(why.isEmpty(), qPrintable(c.name + QStringLiteral(" concat: ") + why));
    }
}

// One sequence case: the program and the pass the Sequence window draws.
struct SequenceCase
{
    QString name;
    QString program;
    attn::SequenceForward pass;
    attn::Matrix unembedding; ///< U (for the size of the logits' terms)
};

std::vector<SequenceCase> sequenceCases(PythonCode::Flavour flavour)
{
    std::vector<SequenceCase> cases;
    for (const QString &path : presetFiles(QStringLiteral("sequences"))) {
        QString why;
        const auto loaded = SceneStorage::loadSequence(path, &why);
        if (!loaded) {
            qWarning("%s: %s", qPrintable(path), qPrintable(why));
            continue;
        }
        const QString file = QFileInfo(path).completeBaseName();
        const std::vector<int> &tokens = loaded->examples.front().tokens;
        for (const attn::NormaliserInfo &n : attn::kNormalisers) {
            for (int shift : {0, 3}) {
                attn::SequenceModel model = loaded->model;
                model.normaliser = n.normaliser;
                if (shift) {
                    // A temperature and a causal mask unlike the file's, and sigmoid's bias fixed.
                    model.temperature = 0.6;
                    model.causal = !model.causal;
                    model.sigmoidBias = 0.25;
                }
                auto pass = attn::SequenceForward::run(model, tokens, shift);
                if (!pass)
                    continue; // learned positions too short for the shift
                cases.push_back({QStringLiteral("%1/%2/shift%3").arg(file, n.id).arg(shift),
                                 PythonCode::forSequence(model, tokens, shift, flavour),
                                 std::move(pass).value(), model.weights.unembedding});
            }
        }
    }
    return cases;
}

void compareSequence(const SequenceCase &c, const pythonrun::Printed &p)
{
    QVERIFY2(p.error.isEmpty(), qPrintable(c.name + QStringLiteral(": ") + p.error));
    const attn::SequenceForward &f = c.pass;
    for (std::size_t l = 0; l < f.layers.size(); ++l) {
        for (std::size_t h = 0; h < f.layers[l].heads.size(); ++h) {
            const attn::Matrix &w = f.layers[l].heads[h].weights;
            for (Eigen::Index i = 0; i < w.rows(); ++i) {
                const QString key =
                    QStringLiteral("layer%1.head%2.weights[%3]").arg(l + 1).arg(h + 1).arg(i);
                QVERIFY2(p.values.contains(key), qPrintable(c.name + QStringLiteral(": no ") + key +
                                                            QStringLiteral(" in\n") + p.text));
                const QString why = pythonrun::differs(p.values.value(key), w.row(i));
                QVERIFY2(why.isEmpty(), qPrintable(c.name + QStringLiteral(" ") + key +
                                                   QStringLiteral(": ") + why));
            }
        }
    }
    QStringList predicted;
    for (Eigen::Index i = 0; i < f.logits.rows(); ++i) {
        const QString key = QStringLiteral("logits[%1]").arg(i);
        // logits_i = U r_i, compared on the size of its terms, as the output of a scene.
        const attn::Matrix &stream = f.residual(int(f.layers.size()));
        const QString why =
            pythonrun::differs(p.values.value(key), f.logits.row(i),
                               pythonrun::termSizes(c.unembedding, stream.row(i).transpose()));
        QVERIFY2(why.isEmpty(),
                 qPrintable(c.name + QStringLiteral(" ") + key + QStringLiteral(": ") + why));
        predicted << QString::number(f.predictions[std::size_t(i)]);
    }
    // Ties are broken the same way (the first), and no two logits of these models are within
    // rounding of each other at the top, so the predictions agree exactly.
    const std::vector<double> printed = p.values.value(QStringLiteral("predictions"));
    QStringList got;
    for (double x : printed)
        got << QString::number(x);
    QCOMPARE(got.join(QLatin1Char(' ')), predicted.join(QLatin1Char(' ')));
}

} // namespace

class TestPythonCode : public QObject
{
    Q_OBJECT

private slots:
    void numbersReadBackExactly_data();
    void numbersReadBackExactly();
    void stringsAreQuoted();
    void everySceneEveryMethodEveryNormaliser();
    void sequencePresets();
    void pytorchFlavour();
    void commentsInChinese();
    void commandLineFlags();
    void commandLine();
    void commandLineRefusals();

private:
    static QString skipReason(const char *module)
    {
        return pythonrun::missing(QString::fromLatin1(module));
    }
};

void TestPythonCode::numbersReadBackExactly_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<QString>("literal");
    QTest::newRow("whole") << 2.0 << QStringLiteral("2.0");
    QTest::newRow("negative zero") << -0.0 << QStringLiteral("-0.0");
    QTest::newRow("tenth") << 0.1 << QStringLiteral("0.1");
    QTest::newRow("third") << 1.0 / 3.0 << QStringLiteral("0.3333333333333333");
    QTest::newRow("large") << 1e20 << QStringLiteral("1e+20");
    QTest::newRow("tiny") << 5e-324 << QStringLiteral("5e-324");
    QTest::newRow("infinity") << std::numeric_limits<double>::infinity()
                              << QStringLiteral("math.inf");
}

void TestPythonCode::numbersReadBackExactly()
{
    QFETCH(double, x);
    QFETCH(QString, literal);
    const QString written = PythonCode::number(x);
    QCOMPARE(written, literal);
    if (std::isfinite(x)) {
        // The same digits read back as the same double here too.
        bool ok = false;
        QCOMPARE(written.toDouble(&ok), x);
        QVERIFY(ok);
    }
}

void TestPythonCode::stringsAreQuoted()
{
    QCOMPARE(PythonCode::string(QStringLiteral("猫")), QStringLiteral("\"猫\""));
    QCOMPARE(PythonCode::string(QStringLiteral("a\"b\\c\n")),
             QStringLiteral("\"a\\\"b\\\\c\\x0a\""));
}

void TestPythonCode::everySceneEveryMethodEveryNormaliser()
{
    if (const QString why = skipReason("numpy"); !why.isEmpty())
        QSKIP(qPrintable(why));
    const std::vector<SceneCase> cases = sceneCases(PythonCode::Flavour::NumPy);
    // 11 scenes × 6 methods × 4 normalisers × 3 variants, less any the core refuses.
    QVERIFY(cases.size() >= 11 * 6 * 4 * 3 - 24);
    QStringList programs;
    for (const SceneCase &c : cases)
        programs << c.program;
    const auto printed = pythonrun::run(programs);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        compareScene(cases[i], printed[i]);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestPythonCode::sequencePresets()
{
    if (const QString why = skipReason("numpy"); !why.isEmpty())
        QSKIP(qPrintable(why));
    const std::vector<SequenceCase> cases = sequenceCases(PythonCode::Flavour::NumPy);
    QVERIFY(cases.size() >= 12 * 4);
    QStringList programs;
    for (const SequenceCase &c : cases)
        programs << c.program;
    const auto printed = pythonrun::run(programs);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        compareSequence(cases[i], printed[i]);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestPythonCode::pytorchFlavour()
{
    if (const QString why = skipReason("torch"); !why.isEmpty())
        QSKIP(qPrintable(why));
    const std::vector<SceneCase> scenes = sceneCases(PythonCode::Flavour::PyTorch);
    const std::vector<SequenceCase> sequences = sequenceCases(PythonCode::Flavour::PyTorch);
    QStringList programs;
    for (const SceneCase &c : scenes)
        programs << c.program;
    for (const SequenceCase &c : sequences)
        programs << c.program;
    const auto printed = pythonrun::run(programs);
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        compareScene(scenes[i], printed[i]);
        if (QTest::currentTestFailed())
            return;
    }
    for (std::size_t i = 0; i < sequences.size(); ++i) {
        compareSequence(sequences[i], printed[scenes.size() + i]);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestPythonCode::commentsInChinese()
{
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    attn::Scene scene = attn::Scene::defaultScene();
    scene.method = attn::Method::Additive;
    const QString program = PythonCode::forScene(scene);
    QString why;
    const auto sequence = SceneStorage::loadSequence(
        QStringLiteral(AC_SOURCE_DIR "/resources/sequences/sentence-chinese.json"), &why);
    QVERIFY2(sequence, qPrintable(why));
    const QString sequenceProgram =
        PythonCode::forSequence(sequence->model, sequence->examples.front().tokens);
    Language::install(QStringLiteral("en"));
    // The comments are translated; the code and the names it prints are not.
    QVERIFY2(program.contains(QStringLiteral("# 加性注意力")), qPrintable(program));
    QVERIFY(program.contains(QStringLiteral("show(\"weights\", weights)")));
    QVERIFY2(sequenceProgram.contains(QStringLiteral("# 词表")) ||
                 sequenceProgram.contains(QStringLiteral("词元")),
             qPrintable(sequenceProgram));
    QVERIFY(!PythonCode::forScene(scene).contains(QStringLiteral("加性注意力")));

    if (const QString missing = skipReason("numpy"); !missing.isEmpty())
        QSKIP(qPrintable(missing));
    // Still a program that runs, with the app's numbers.
    SceneModel model;
    QVERIFY(!model.setScene(scene));
    const auto printed = pythonrun::run({program});
    compareScene({QStringLiteral("zh_CN"), program, model.result(), model.values(),
                  model.scene().multiHead.wo},
                 printed[0]);
}

void TestPythonCode::commandLineFlags()
{
    // Both flags parse, ask for no window, and the scan before any application object agrees.
    for (const char *flag : {"--python", "--pytorch"}) {
        CommandLine cli;
        QVERIFY(cli.parse({QStringLiteral("attention-canvas"), QString::fromLatin1(flag)}));
        QCOMPARE(cli.options().python, flag == std::string_view("--python"));
        QCOMPARE(cli.options().pytorch, flag == std::string_view("--pytorch"));
        QVERIFY(cli.options().headless());
        QByteArray name("attention-canvas"), option(flag);
        char *argv[] = {name.data(), option.data(), nullptr};
        QVERIFY(CommandLine::scanHeadless(2, argv));
        QVERIFY(!CommandLine::scanExport(2, argv));
    }
}

void TestPythonCode::commandLine()
{
    if (const QString why = skipReason("numpy"); !why.isEmpty())
        QSKIP(qPrintable(why));
    QTemporaryDir config;
    // A scene with every override, and a sequence file, in Chinese.
    const QString scene = QStringLiteral(AC_SOURCE_DIR "/resources/scenes/article.json");
    const AppRun a = runApp({QStringLiteral("--scene"), scene, QStringLiteral("--method"),
                             QStringLiteral("additive"), QStringLiteral("--normaliser"),
                             QStringLiteral("sparsemax"), QStringLiteral("--temperature"),
                             QStringLiteral("0.7"), QStringLiteral("--python")},
                            config.path());
    QCOMPARE(a.exitCode, 0);
    QVERIFY2(a.err.isEmpty(), a.err.constData());
    QString why;
    auto loaded = SceneStorage::load(scene, &why);
    QVERIFY2(loaded, qPrintable(why));
    loaded->method = attn::Method::Additive;
    loaded->normaliser = attn::Normaliser::Sparsemax;
    loaded->temperature = 0.7;
    SceneModel model;
    QVERIFY(!model.setScene(*loaded));

    const QString sequencePath =
        QStringLiteral(AC_SOURCE_DIR "/resources/sequences/two-layer-induction.json");
    const AppRun b = runApp({QStringLiteral("--scene"), sequencePath, QStringLiteral("--python"),
                             QStringLiteral("--lang"), QStringLiteral("zh_CN")},
                            config.path());
    QCOMPARE(b.exitCode, 0);
    QVERIFY2(b.err.isEmpty(), b.err.constData());
    const QString sequenceProgram = QString::fromUtf8(b.out);
    QVERIFY2(sequenceProgram.contains(QStringLiteral("因果掩码")), qPrintable(sequenceProgram));
    const auto document = SceneStorage::loadSequence(sequencePath, &why);
    QVERIFY2(document, qPrintable(why));
    auto pass = attn::SequenceForward::run(document->model, document->examples.front().tokens);
    QVERIFY(pass);

    const auto printed = pythonrun::run({QString::fromUtf8(a.out), sequenceProgram});
    compareScene({QStringLiteral("--python"),
                  {},
                  model.result(),
                  model.values(),
                  model.scene().multiHead.wo},
                 printed[0]);
    compareSequence(
        {QStringLiteral("--python sequence"), {}, *pass, document->model.weights.unembedding},
        printed[1]);
}

void TestPythonCode::commandLineRefusals()
{
    QTemporaryDir config;
    const QString sequence =
        QStringLiteral(AC_SOURCE_DIR "/resources/sequences/two-layer-induction.json");
    const struct
    {
        QStringList args;
        int code;
        const char *message;
    } cases[] = {
        {{QStringLiteral("--python"), QStringLiteral("--pytorch")}, 2, "--pytorch"},
        {{QStringLiteral("--python"), QStringLiteral("--report"), QStringLiteral("-")},
         2,
         "--report"},
        {{QStringLiteral("--pytorch"), QStringLiteral("--export"), QStringLiteral("x.png")},
         2,
         "--export"},
        {{QStringLiteral("--scene"), sequence, QStringLiteral("--method"), QStringLiteral("dot"),
          QStringLiteral("--python")},
         1,
         "--method"},
        {{QStringLiteral("--scene"), QStringLiteral("/nonexistent/scene.json"),
          QStringLiteral("--python")},
         1,
         "scene.json"},
    };
    for (const auto &c : cases) {
        const AppRun r = runApp(c.args, config.path());
        const QString why = notACleanFailure(r, c.code, QString::fromLatin1(c.message));
        QVERIFY2(why.isEmpty(),
                 qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(": ") + why));
    }
    // The help names both flags.
    const AppRun help = runApp({QStringLiteral("--help")}, config.path());
    QVERIFY(help.out.contains("--python"));
    QVERIFY(help.out.contains("--pytorch"));
}

QTEST_GUILESS_MAIN(TestPythonCode)
#include "tst_pythoncode.moc"
