// Help → About (Shift+F1): the version the project declares, the licence of its LICENSE file,
// and the libraries with the Qt version actually running — read here from the project's own
// files, not from the code that writes the box.

#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {
QString readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The text of the About box, opened with its key.
QString aboutText(MainWindow &w)
{
    QString text;
    QTimer::singleShot(0, &w, [&] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            if (box->objectName() == QLatin1String("aboutBox"))
                text = box->text() + QLatin1Char('\n') + box->informativeText();
            box->reject();
        }
    });
    QTest::keyClick(&w, Qt::Key_F1, Qt::ShiftModifier);
    return text;
}
} // namespace

class TestAbout : public QObject
{
    Q_OBJECT

private slots:
    void cleanupTestCase() { Language::install(QStringLiteral("en")); }

    void showsVersionLicenceAndLibraries_data() { addLanguageRows(); }
    void showsVersionLicenceAndLibraries()
    {
        QFETCH(QString, language);
        QVERIFY(Language::install(language));
        const QString cmake = readFile(QStringLiteral(AC_SOURCE_DIR "/CMakeLists.txt"));
        const QRegularExpressionMatch version =
            QRegularExpression(QStringLiteral("project\\([^)]*VERSION\\s+([0-9.]+)")).match(cmake);
        QVERIFY(version.hasMatch());
        // "MIT License" on the first line of LICENSE: the licence's identifier is its first word.
        const QString licence =
            readFile(QStringLiteral(AC_SOURCE_DIR "/LICENSE")).section(QLatin1Char(' '), 0, 0);
        QCOMPARE(licence, QStringLiteral("MIT"));

        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QString text = aboutText(window);
        QVERIFY(!text.isEmpty());
        QVERIFY2(text.contains(version.captured(1)), qPrintable(text));
        QVERIFY(text.contains(licence));
        QVERIFY(text.contains(QString::fromLatin1(qVersion())));
        QVERIFY(text.contains(QStringLiteral("Eigen 3.")));
        QVERIFY(text.contains(QStringLiteral("Charts")));
        QVERIFY(text.contains(QStringLiteral("C++20")));
        if (language != QLatin1String("en"))
            QVERIFY(text.contains(QStringLiteral("许可证")));
    }

private:
    TemporarySettings m_settings;
};

QTEST_MAIN(TestAbout)
#include "tst_about.moc"
