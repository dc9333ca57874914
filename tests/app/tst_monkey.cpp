// The GUI monkey: the real main window, the lesson presenter, the Sequence window and the Lab,
// offscreen, driven by seeded random but plausible events (see tests/app/monkey/), with the
// invariants checked after every event. A failure prints its seed, the event and a reduced sequence
// that replays it. `tools/dev.sh monkey SECONDS` runs it long; README, Reliability, has the
// figures.

#include "app/monkey/labmonkey.h"
#include "app/monkey/lessonmonkey.h"
#include "app/monkey/mainwindowmonkey.h"
#include "app/monkey/monkeyrunner.h"
#include "app/monkey/sequencemonkey.h"
#include "common/testsettings.h"
#include "common/windowrun.h"

#include <QTest>

class TestMonkey : public QObject
{
    Q_OBJECT

    testsettings::Isolated m_isolated{"tst_monkey"};
    TemporarySettings m_settings;

    // Under ctest a short run per window; AC_MONKEY_SECONDS makes it longer.
    static constexpr double kDefaultSeconds = 20;

    static void runMonkey(const char *name, const monkey::Factory &factory)
    {
        monkey::Figures figures;
        const QString report = monkey::run(name, factory, kDefaultSeconds, &figures);
        std::fprintf(stderr,
                     "monkey %s: %d seeds, %lld events, %d dialogs and menus answered, %.0f s, "
                     "%s\n",
                     name, figures.seeds, figures.events, figures.dialogsAnswered, figures.seconds,
                     report.isEmpty() ? "no finding" : "1 finding");
        if (!report.isEmpty())
            QFAIL(qPrintable(report));
    }

    static bool wanted(const char *name)
    {
        const QString only = qEnvironmentVariable("AC_MONKEY_WINDOWS");
        return only.isEmpty() || only.split(QLatin1Char(',')).contains(QLatin1String(name));
    }

    static inline QtMessageHandler s_previous = nullptr;

private slots:
    void initTestCase()
    {
        // The offscreen platform says for every window that it cannot do what a desktop can
        // (raise, size hints); thousands of those lines would hide the findings.
        s_previous = qInstallMessageHandler(
            [](QtMsgType type, const QMessageLogContext &context, const QString &message) {
                if (message.startsWith(QLatin1String("This plugin does not support")))
                    return;
                s_previous(type, context, message);
            });
    }

    void mainWindow()
    {
        if (!wanted("main"))
            QSKIP("AC_MONKEY_WINDOWS leaves it out");
        runMonkey("main", [] { return std::make_unique<MainWindowMonkey>(); });
    }

    void lessonPresenter()
    {
        if (!wanted("lesson"))
            QSKIP("AC_MONKEY_WINDOWS leaves it out");
        runMonkey("lesson", [] { return std::make_unique<LessonMonkey>(); });
    }

    void sequenceWindow()
    {
        if (!wanted("sequence"))
            QSKIP("AC_MONKEY_WINDOWS leaves it out");
        runMonkey("sequence", [] { return std::make_unique<SequenceMonkey>(); });
    }

    void lab()
    {
        if (!wanted("lab"))
            QSKIP("AC_MONKEY_WINDOWS leaves it out");
        runMonkey("lab", [] { return std::make_unique<LabMonkey>(); });
    }
};

int main(int argc, char **argv)
{
    // Widget file dialogs, never the platform's, in case an event reaches one: the monkey
    // cancels them like any other modal dialog.
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    QApplication app(argc, argv);
    TestMonkey test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_monkey.moc"
