#pragma once

#include <QString>
#include <QStringList>

/// The interface language: installs the app's and Qt's own translators, so that switching at
/// run time retranslates every widget that handles QEvent::LanguageChange.
class Language
{
public:
    /// "en" and "zh_CN".
    static QStringList available();
    /// "zh_CN" when the system locale is Chinese, "en" otherwise.
    static QString systemDefault();
    /// Accepts "en", "zh_CN" and the usual spellings ("zh", "zh-CN", "zh_CN.UTF-8", "en_US").
    /// Returns the canonical code or an empty string when the language is not offered.
    static QString canonical(const QString &code);
    /// Installs the language (a canonical or usual code); false if it is not offered.
    /// Needs a QCoreApplication.
    static bool install(const QString &code);
    /// The installed language ("en" before any install).
    static QString current();
};
