// The translation catalogues are complete: running the real lupdate over the sources (the
// globs of translations/CMakeLists.txt) into a copy of each .ts adds nothing, drops nothing,
// and every entry of the copy is finished, non-empty and keeps its placeholders.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;             // the <translation>'s type attribute: "", "unfinished", ...
    QStringList translations; // one entry, or one per <numerusform>
};

using Catalogue = QList<Message>;

QString key(const Message &m)
{
    return m.context + QChar(0x1f) + m.source + QChar(0x1f) + m.comment;
}

QString describe(const Message &m)
{
    QString s = m.source;
    if (s.size() > 70)
        s = s.left(67) + QStringLiteral("...");
    return QStringLiteral("%1: \"%2\"").arg(m.context, s);
}

bool readCatalogue(const QString &path, Catalogue &out, QString &error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QStringLiteral("cannot open %1").arg(path);
        return false;
    }
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            Message m;
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (!(xml.isEndElement() && xml.name() == QLatin1String("message")) &&
                   !xml.atEnd()) {
                xml.readNext();
                if (!xml.isStartElement())
                    continue;
                if (xml.name() == QLatin1String("source")) {
                    m.source = xml.readElementText();
                } else if (xml.name() == QLatin1String("comment")) {
                    m.comment = xml.readElementText();
                } else if (xml.name() == QLatin1String("translation")) {
                    m.type = xml.attributes().value(QLatin1String("type")).toString();
                    if (m.numerus) {
                        while (
                            !(xml.isEndElement() && xml.name() == QLatin1String("translation")) &&
                            !xml.atEnd()) {
                            xml.readNext();
                            if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                                m.translations << xml.readElementText();
                        }
                    } else {
                        m.translations << xml.readElementText();
                    }
                }
            }
            out << m;
        }
    }
    if (xml.hasError()) {
        error =
            QStringLiteral("%1: %2 at line %3").arg(path, xml.errorString()).arg(xml.lineNumber());
        return false;
    }
    return true;
}

/// The files lupdate scans, as translations/CMakeLists.txt globs them.
QStringList trSources(const QString &root)
{
    QStringList files;
    for (const char *dir : {"src/model", "src/app"}) {
        QDirIterator it(root + QLatin1Char('/') + QLatin1String(dir),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
    }
    QDirIterator forms(root + QStringLiteral("/ui"), {QStringLiteral("*.ui")}, QDir::Files,
                       QDirIterator::Subdirectories);
    while (forms.hasNext())
        files << forms.next();
    files << root + QStringLiteral("/src/main.cpp");
    files.sort();
    return files;
}

/// %1…%99 and %n: what a translation must keep so that arg() and tr(…, n) still fill it in.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d{1,2}|n)"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    found.removeDuplicates();
    return found;
}

QString listed(const QStringList &items)
{
    const int shown = std::min<int>(int(items.size()), 25);
    QString s = items.mid(0, shown).join(QStringLiteral("\n    "));
    if (items.size() > shown)
        s += QStringLiteral("\n    … and %1 more").arg(items.size() - shown);
    return QStringLiteral("\n    ") + s;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void catalogue_data();
    void catalogue();

private:
    QTemporaryDir m_dir;
    QStringList m_sources;
};

void TestTranslations::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(AC_LUPDATE)).isExecutable(),
             "lupdate not found at " AC_LUPDATE);
    QVERIFY(m_dir.isValid());
    m_sources = trSources(QStringLiteral(AC_SOURCE_DIR));
    QVERIFY2(m_sources.size() > 10, "the source globs found almost nothing");
}

void TestTranslations::catalogue_data()
{
    QTest::addColumn<QString>("tsPath");
    const QDir dir(QStringLiteral(AC_SOURCE_DIR "/translations"));
    const QStringList files = dir.entryList({QStringLiteral("*.ts")}, QDir::Files);
    QVERIFY2(!files.isEmpty(), "no .ts file in translations/");
    for (const QString &name : files)
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
}

void TestTranslations::catalogue()
{
    QFETCH(QString, tsPath);

    // lupdate rewrites the file it updates: work on a copy.
    const QString copy = m_dir.filePath(QFileInfo(tsPath).fileName());
    QFile::remove(copy);
    QVERIFY(QFile::copy(tsPath, copy));
    QFile::setPermissions(copy, QFileDevice::ReadOwner | QFileDevice::WriteOwner);

    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    QStringList args{QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                     QStringLiteral("none"), QStringLiteral("-I"),
                     QStringLiteral(AC_SOURCE_DIR "/src")};
    args << m_sources << QStringLiteral("-ts") << copy;
    lupdate.start(QStringLiteral(AC_LUPDATE), args);
    QVERIFY2(lupdate.waitForFinished(180000), "lupdate did not finish");
    const QString log = QString::fromLocal8Bit(lupdate.readAll());
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
             qPrintable(QStringLiteral("lupdate failed:\n") + log));

    Catalogue original, updated;
    QString error;
    QVERIFY2(readCatalogue(tsPath, original, error), qPrintable(error));
    QVERIFY2(readCatalogue(copy, updated, error), qPrintable(error));
    QVERIFY2(!updated.isEmpty(), qPrintable(QStringLiteral("lupdate found no strings:\n") + log));

    QSet<QString> originalKeys, updatedKeys;
    for (const Message &m : original)
        originalKeys.insert(key(m));
    for (const Message &m : updated)
        updatedKeys.insert(key(m));

    QStringList added, dropped, unfinished, broken;
    for (const Message &m : updated) {
        if (!originalKeys.contains(key(m)))
            added << describe(m);
        const bool empty = m.translations.isEmpty() ||
                           std::any_of(m.translations.cbegin(), m.translations.cend(),
                                       [](const QString &t) { return t.trimmed().isEmpty(); });
        if (!m.type.isEmpty() || empty) {
            unfinished << describe(m) + (m.type.isEmpty() ? QStringLiteral(" (empty)")
                                                          : QStringLiteral(" (%1)").arg(m.type));
            continue;
        }
        const QStringList wanted = placeholders(m.source);
        for (const QString &t : m.translations) {
            QStringList have = placeholders(t);
            // A language with one plural form may write the number out instead of %n.
            if (m.numerus && !have.contains(QStringLiteral("%n"))) {
                have << QStringLiteral("%n");
                have.sort();
            }
            if (have != wanted) {
                broken << describe(m) +
                              QStringLiteral(" has %1, the source %2")
                                  .arg(have.join(QLatin1Char(' ')), wanted.join(QLatin1Char(' ')));
                break;
            }
        }
    }
    for (const Message &m : original) {
        if (!updatedKeys.contains(key(m)))
            dropped << describe(m);
        // lupdate revives a "vanished" entry whose source is back, but lrelease skips it until
        // then: the file itself must be clean too.
        else if (!m.type.isEmpty())
            unfinished << describe(m) + QStringLiteral(" (%1 in the file)").arg(m.type);
    }

    QVERIFY2(added.isEmpty(),
             qPrintable(QStringLiteral("%1 source string(s) missing from %2 (run the "
                                       "update_translations target and translate them):%3")
                            .arg(added.size())
                            .arg(QFileInfo(tsPath).fileName(), listed(added))));
    QVERIFY2(dropped.isEmpty(),
             qPrintable(QStringLiteral("%1 entr(y/ies) of %2 no longer in the sources (vanished; "
                                       "run update_translations):%3")
                            .arg(dropped.size())
                            .arg(QFileInfo(tsPath).fileName(), listed(dropped))));
    QVERIFY2(unfinished.isEmpty(),
             qPrintable(QStringLiteral("%1 unfinished or empty translation(s) in %2:%3")
                            .arg(unfinished.size())
                            .arg(QFileInfo(tsPath).fileName(), listed(unfinished))));
    QVERIFY2(broken.isEmpty(),
             qPrintable(QStringLiteral("%1 translation(s) in %2 lose or add placeholders:%3")
                            .arg(broken.size())
                            .arg(QFileInfo(tsPath).fileName(), listed(broken))));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
