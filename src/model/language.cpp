#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace {
QString g_current = QStringLiteral("en");
QTranslator *g_app = nullptr;
QTranslator *g_qt = nullptr;

void drop(QTranslator *&t)
{
    if (!t)
        return;
    QCoreApplication::removeTranslator(t);
    delete t;
    t = nullptr;
}
} // namespace

QStringList Language::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::systemDefault()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                            : QStringLiteral("en");
}

QString Language::canonical(const QString &code)
{
    const QString c = code.trimmed().toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
    if (c == QLatin1String("zh") || c.startsWith(QLatin1String("zh_cn")) ||
        c.startsWith(QLatin1String("zh_hans")) || c.startsWith(QLatin1String("zh.")))
        return QStringLiteral("zh_CN");
    if (c == QLatin1String("en") || c.startsWith(QLatin1String("en_")) ||
        c.startsWith(QLatin1String("en.")) || c == QLatin1String("c"))
        return QStringLiteral("en");
    return {};
}

bool Language::install(const QString &code)
{
    const QString lang = canonical(code);
    if (lang.isEmpty())
        return false;
    drop(g_app);
    drop(g_qt);
    if (lang != QLatin1String("en")) {
        g_app = new QTranslator;
        if (g_app->load(QStringLiteral(":/i18n/attention-canvas_") + lang))
            QCoreApplication::installTranslator(g_app);
        g_qt = new QTranslator;
        // Qt's own strings (standard buttons, file dialogs, command-line headings).
        if (g_qt->load(QStringLiteral("qtbase_") + lang,
                       QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(g_qt);
    } else {
        // Installing nothing still has to tell the widgets to retranslate back to English.
        QEvent ev(QEvent::LanguageChange);
        if (QCoreApplication::instance())
            QCoreApplication::sendEvent(QCoreApplication::instance(), &ev);
    }
    g_current = lang;
    return true;
}

QString Language::current()
{
    return g_current;
}
