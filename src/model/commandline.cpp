#include "commandline.h"

#include "language.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstring>

QString CommandLine::scanLanguage(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (std::strncmp(argv[i], "--lang=", 7) == 0)
            return QString::fromLocal8Bit(argv[i] + 7);
    }
    return {};
}

bool CommandLine::scanHeadless(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : {"--report", "--help", "-h", "--version", "-v", "--help-all"}) {
            const std::size_t n = std::strlen(flag);
            if (std::strncmp(argv[i], flag, n) == 0 && (argv[i][n] == 0 || argv[i][n] == '='))
                return true;
        }
    }
    return false;
}

bool CommandLine::parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Attention Canvas: drag query, key and value vectors and watch attention scores, "
           "softmax weights and the weighted sum change."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption sceneOption(QStringLiteral("scene"), tr("Open the scene FILE (JSON)."),
                                         tr("FILE"));
    const QCommandLineOption reportOption(
        QStringLiteral("report"),
        tr("Compute without a window and write every number as JSON to OUT (\"-\" for standard "
           "output)."),
        tr("OUT"));
    const QCommandLineOption methodOption(
        QStringLiteral("method"),
        tr("Use the score method M: dot, scaled, cosine, general, additive or multihead."),
        tr("M"));
    const QCommandLineOption temperatureOption(QStringLiteral("temperature"),
                                               tr("Use the softmax temperature T (a number > 0)."),
                                               tr("T"));
    const QCommandLineOption langOption(QStringLiteral("lang"),
                                        tr("Use the language L: en or zh_CN."), tr("L"));
    parser.addOptions({sceneOption, reportOption, methodOption, temperatureOption, langOption});
    m_help = parser.helpText();

    if (!parser.parse(arguments)) {
        m_error = parser.errorText();
        return false;
    }
    m_options.help = parser.isSet(helpOption);
    m_options.version = parser.isSet(versionOption);
    if (!parser.positionalArguments().isEmpty()) {
        m_error = tr("Unexpected argument \"%1\"; use --scene FILE to open a scene.")
                      .arg(parser.positionalArguments().constFirst());
        return false;
    }
    m_options.scenePath = parser.value(sceneOption);
    m_options.reportPath = parser.value(reportOption);
    if (parser.isSet(sceneOption) && m_options.scenePath.isEmpty()) {
        m_error = tr("--scene needs a file name.");
        return false;
    }
    if (parser.isSet(reportOption) && m_options.reportPath.isEmpty()) {
        m_error = tr("--report needs an output file name or \"-\".");
        return false;
    }
    if (parser.isSet(methodOption)) {
        attn::Method m;
        const QByteArray id = parser.value(methodOption).toUtf8();
        if (!attn::methodFromId(id.constData(), m)) {
            m_error = tr("Unknown method \"%1\"; expected dot, scaled, cosine, general, additive "
                         "or multihead.")
                          .arg(parser.value(methodOption));
            return false;
        }
        m_options.method = m;
    }
    if (parser.isSet(temperatureOption)) {
        bool ok = false;
        const double t = parser.value(temperatureOption).toDouble(&ok);
        if (!ok || !std::isfinite(t) || t <= 0) {
            m_error = tr("The temperature must be a number greater than 0, not \"%1\".")
                          .arg(parser.value(temperatureOption));
            return false;
        }
        m_options.temperature = t;
    }
    if (parser.isSet(langOption)) {
        m_options.language = Language::canonical(parser.value(langOption));
        if (m_options.language.isEmpty()) {
            m_error =
                tr("Unknown language \"%1\"; expected en or zh_CN.").arg(parser.value(langOption));
            return false;
        }
    }
    return true;
}
