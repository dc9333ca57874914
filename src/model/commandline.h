#pragma once

#include "core/normaliser.h"
#include "core/types.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineOption;
class QCommandLineParser;

/// What the command line asked for.
struct CommandLineOptions
{
    QString scenePath;  ///< --scene FILE (empty: the default scene)
    QString reportPath; ///< --report OUT.json, "-" for standard output
    QString language;   ///< --lang, canonical ("en", "zh_CN"), empty if not given
    std::optional<attn::Method> method;
    std::optional<attn::Normaliser> normaliser; ///< --normaliser, over the file's
    std::optional<double> temperature;
    bool help = false;
    bool version = false;

    QString exportPath;       ///< --export OUT.png|OUT.svg|OUT.pdf (the suffix is checked)
    QString exportPart;       ///< --part: "window" (default), "canvas" or "chart"
    QSize exportSize;         ///< --size WxH in logical pixels; invalid: the part's default
    int exportScale = 1;      ///< --scale: PNG pixels per logical pixel, 1, 2 or 4
    bool caption = false;     ///< --caption: a line with the key numbers under the picture
    bool transparent = false; ///< --transparent: no background (canvas and chart only)
    /// --worksheet: a lesson's handout with the asked numbers left blank and an answer key at
    /// the end (docs/handout.md); only with --scene and --export OUT.pdf.
    bool worksheet = false;

    /// --animate: "rotate-query", "temperature" or "training" (a sequence file's training run,
    /// over trainSteps or the file's own steps); empty: a still picture
    QString animate;
    int animationFrames = 48; ///< --frames N
    int animationFps = 25;    ///< --fps F
    int animationLoop = 0;    ///< --loop N: the GIF's loop count, 0 repeats forever

    std::optional<int> trainSteps; ///< --train N: steps of training before the report
    QString saveTrainedPath;       ///< --save-trained FILE: the trained model as a sequence file

    bool python = false;  ///< --python: print a NumPy program that recomputes the file
    bool pytorch = false; ///< --pytorch: the same program for PyTorch

    bool reporting() const { return !reportPath.isEmpty(); }
    bool exporting() const { return !exportPath.isEmpty(); }
    bool training() const { return trainSteps.has_value(); }
    bool printingCode() const { return python || pytorch; }
    bool animating() const { return !animate.isEmpty(); }
    /// Work without showing a window: --report, --export, --train, --python or --pytorch.
    bool headless() const { return reporting() || exporting() || training() || printingCode(); }
};

/// Parses the arguments with QCommandLineParser; every message is translated.
class CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)

public:
    /// Exit code for a wrong argument (2) and for input that cannot be used (1).
    static constexpr int kUsageError = 2;
    static constexpr int kInputError = 1;

    /// Finds --lang before a QCoreApplication exists, so that --help and errors come out in
    /// that language. Returns an empty string when absent.
    static QString scanLanguage(int argc, char **argv);
    /// True when the arguments ask for work without a window (--report, --export and its
    /// options, --train, --save-trained, --python, --pytorch, --help, --version).
    static bool scanHeadless(int argc, char **argv);
    /// True when the arguments ask for --export, which needs a QApplication (on the offscreen
    /// platform) rather than a QCoreApplication.
    static bool scanExport(int argc, char **argv);
    /// True when the arguments choose the Qt platform themselves (-platform NAME).
    static bool scanPlatform(int argc, char **argv);

    /// The largest export: pixels a side and in all, after --scale (a bitmap that still fits in
    /// memory comfortably).
    static constexpr int kMaxExportSide = 16384;
    static constexpr qint64 kMaxExportPixels = 100'000'000;
    /// The smallest and largest --size a side, in logical pixels.
    static constexpr int kMinExportSize = 16;
    static constexpr int kMaxExportSize = 8192;
    /// --frames, --fps and --loop: the GIF's limits (see GifWriter), and frames enough for a
    /// smooth sweep without minutes of drawing.
    static constexpr int kMinFrames = 2;
    static constexpr int kMaxFrames = 600;
    static constexpr int kMinFps = 1;
    static constexpr int kMaxFps = 50;
    static constexpr int kMaxLoop = 65535;
    /// --animate's word for a sequence file's training run (the others are SweepAnimation's).
    static constexpr QLatin1String kTrainingAnimation{"training"};

    /// Parses; on failure error() holds one translated line.
    bool parse(const QStringList &arguments);
    const CommandLineOptions &options() const { return m_options; }
    QString error() const { return m_error; }
    /// The --help text in the current language.
    QString helpText() const { return m_help; }

private:
    bool parseTraining(const QCommandLineParser &parser, const QCommandLineOption &train,
                       const QCommandLineOption &saveTrained);
    bool parseExport(const QCommandLineParser &parser, const QCommandLineOption &out,
                     const QCommandLineOption &part, const QCommandLineOption &size,
                     const QCommandLineOption &scale, const QCommandLineOption &caption,
                     const QCommandLineOption &transparent, const QCommandLineOption &worksheet);
    bool parseAnimation(const QCommandLineParser &parser, const QCommandLineOption &animate,
                        const QCommandLineOption &frames, const QCommandLineOption &fps,
                        const QCommandLineOption &loop);

    CommandLineOptions m_options;
    QString m_error;
    QString m_help;
};
