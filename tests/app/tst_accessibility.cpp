// What a screen reader and a learner hovering a control are told: every control that takes the
// keyboard has an accessible name, every input has a tooltip, and in Chinese the tooltips are
// Chinese — for each method's panel, the docks and both pages of the lab.

#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {
// Qt's own parts of composite widgets: they take their names from the widget around them.
bool isQtInternal(const QWidget *w)
{
    if (w->objectName().startsWith(QLatin1String("qt_")))
        return true;
    // A scroll area's bars sit in containers of Qt's own.
    if (w->parentWidget() && w->parentWidget()->objectName().startsWith(QLatin1String("qt_")))
        return true;
    if (QByteArray(w->metaObject()->className()) == "QComboBoxListView")
        return true;
    if (const auto *area = qobject_cast<const QAbstractScrollArea *>(w->parentWidget()))
        return area->viewport() == w;
    return false;
}

bool isInput(const QWidget *w)
{
    if (qobject_cast<const QAbstractButton *>(w))
        return QByteArray(w->metaObject()->className()) != "QDockWidgetTitleButton";
    return qobject_cast<const QAbstractSlider *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
           qobject_cast<const QComboBox *>(w) || qobject_cast<const QLineEdit *>(w);
}

QString describe(const QWidget *w)
{
    return QStringLiteral("%1 '%2' in %3")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
             w->parentWidget() ? QString::fromLatin1(w->parentWidget()->metaObject()->className())
                               : QString());
}

// Checks every control now visible in the application's windows; returns the problems.
QStringList audit(bool chinese)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    QStringList problems;
    const auto windows = QApplication::topLevelWidgets();
    for (QWidget *top : windows) {
        if (!top->isVisible())
            continue;
        const auto widgets = top->findChildren<QWidget *>();
        for (QWidget *w : widgets) {
            if (!w->isVisible() || isQtInternal(w))
                continue;
            const bool focusable = w->focusPolicy() & Qt::TabFocus;
            if (!focusable && !isInput(w))
                continue;
            QAccessibleInterface *ai = QAccessible::queryAccessibleInterface(w);
            const QString name = ai ? ai->text(QAccessible::Name) : QString();
            if (name.trimmed().isEmpty())
                problems << QStringLiteral("no accessible name: ") + describe(w);
            if (isInput(w)) {
                const QString tip = w->toolTip();
                if (tip.trimmed().isEmpty())
                    problems << QStringLiteral("no tooltip: ") + describe(w);
                else if (chinese && !tip.contains(han))
                    problems << QStringLiteral("tooltip not in Chinese: ") + describe(w) +
                                    QStringLiteral(": ") + tip.left(60);
            }
        }
    }
    return problems;
}
} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void cleanupTestCase() { Language::install(QStringLiteral("en")); }

    void everyControlIsNamedAndExplained_data() { addLanguageRows(); }
    void everyControlIsNamedAndExplained()
    {
        QFETCH(QString, language);
        QVERIFY(Language::install(language));
        const bool chinese = language != QLatin1String("en");
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QStringList problems;
        // Each method shows a panel of its own.
        for (int m = 0; m < attn::kMethodCount; ++m) {
            model.setMethod(attn::Method(m));
            QTest::qWait(10);
            problems << audit(chinese);
        }
        // The lab, both pages.
        for (const char *name : {"actionDimensionLab", "actionSelfAttention"}) {
            window.findChild<QAction *>(QString::fromLatin1(name))->trigger();
            QTest::qWait(20);
            problems << audit(chinese);
        }
        problems.removeDuplicates();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

private:
    TemporarySettings m_settings;
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
