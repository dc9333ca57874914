#pragma once

// Runs the programs that "Copy as Python" writes with the system's Python and reads back what
// they print (docs/python-code.md): one line per vector, "name: x x x", every number as Python's
// repr, which reads back as exactly the double it printed. Many programs go through one Python
// process (NumPy is imported once), each after a line "=== N" with its number.

#include <Eigen/Core>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <vector>

namespace pythonrun {

/// Debian's python3, which the python3-numpy package serves: a python3 earlier on PATH (pyenv's,
/// say) may lack NumPy. Any python3 on PATH otherwise; empty when there is none.
inline QString interpreter()
{
    if (QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        return QStringLiteral("/usr/bin/python3");
    return QStandardPaths::findExecutable(QStringLiteral("python3"));
}

/// Empty when `module` ("numpy", "torch") imports in interpreter(); else why not, for QSKIP.
inline QString missing(const QString &module)
{
    const QString python = interpreter();
    if (python.isEmpty())
        return QStringLiteral("no python3 on this machine: the generated programs cannot be run "
                              "(install python3 and python3-numpy, as tools/dev.sh test does)");
    QProcess p;
    p.start(python, {QStringLiteral("-c"), QStringLiteral("import ") + module});
    if (!p.waitForFinished(120000) || p.exitCode() != 0)
        return QStringLiteral("%1 cannot import %2: the generated programs cannot be run (install "
                              "the Debian package python3-%2)")
            .arg(python, module);
    return {};
}

/// What one program printed: every line "name: numbers", by name; lines whose values are not
/// all numbers (the predicted token names) are kept in `text` only.
struct Printed
{
    QMap<QString, std::vector<double>> values;
    QString text;
    QString error; ///< the Python traceback, when the program failed
};

/// Runs every program of `programs` and returns what each printed, in the same order. On a failure
/// of the whole run (no interpreter, a crash) every entry's error says so.
inline std::vector<Printed> run(const QStringList &programs)
{
    std::vector<Printed> out(std::size_t(programs.size()));
    QTemporaryDir dir;
    QStringList args{
        QStringLiteral("-c"),
        QStringLiteral("import runpy, sys, traceback\n"
                       "for i, path in enumerate(sys.argv[1:]):\n"
                       "    print('=== %d' % i, flush=True)\n"
                       "    try:\n"
                       "        runpy.run_path(path, run_name='__main__')\n"
                       "    except Exception:\n"
                       "        print('!!! ' + traceback.format_exc().replace('\\n', ' | '))\n")};
    for (int i = 0; i < programs.size(); ++i) {
        const QString path = dir.filePath(QStringLiteral("program%1.py").arg(i));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return out;
        f.write(programs[i].toUtf8());
        args << path;
    }
    QProcess p;
    p.start(interpreter(), args);
    const bool finished = p.waitForFinished(600000);
    const QString all = QString::fromUtf8(p.readAllStandardOutput());
    if (!finished || p.exitCode() != 0) {
        for (Printed &e : out)
            e.error =
                QStringLiteral("python failed: ") + QString::fromUtf8(p.readAllStandardError());
        return out;
    }
    int current = -1;
    for (const QString &line : all.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("=== "))) {
            current = line.mid(4).toInt();
            continue;
        }
        if (current < 0 || current >= programs.size() || line.isEmpty())
            continue;
        Printed &e = out[std::size_t(current)];
        e.text += line + QLatin1Char('\n');
        if (line.startsWith(QLatin1String("!!! "))) {
            e.error = line;
            continue;
        }
        const qsizetype colon = line.indexOf(QLatin1String(": "));
        if (colon < 0)
            continue;
        std::vector<double> numbers;
        bool allNumbers = true;
        for (const QString &word :
             line.mid(colon + 2).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            bool ok = false;
            double x = word.toDouble(&ok);
            if (!ok && (word == QLatin1String("inf") || word == QLatin1String("-inf"))) {
                x = word.startsWith(QLatin1Char('-')) ? -INFINITY : INFINITY;
                ok = true;
            }
            allNumbers = allNumbers && ok;
            numbers.push_back(x);
        }
        if (allNumbers)
            e.values.insert(line.left(colon), numbers);
    }
    return out;
}

/// Why `printed` is not `expected` to within `relative` of each entry's scale, or "" when it is.
/// The scale is the largest |entry| of `expected` (so that an entry that is 0 up to rounding in
/// one and the other compares as well as the rest) or, where `terms` gives more, terms[i]: for a
/// sum such as Σⱼ wⱼ vⱼ the size of what it adds, Σⱼ |wⱼ| |vⱼ|, which bounds the rounding of a sum
/// that cancels to nearly 0.
template <typename Derived>
QString differs(const std::vector<double> &printed, const Eigen::DenseBase<Derived> &expected,
                const Eigen::VectorXd &terms = {}, double relative = 1e-12)
{
    if (Eigen::Index(printed.size()) != expected.size())
        return QStringLiteral("%1 numbers instead of %2").arg(printed.size()).arg(expected.size());
    double largest = 0;
    for (Eigen::Index i = 0; i < expected.size(); ++i)
        largest = std::max(largest, std::fabs(expected.derived().coeff(i)));
    for (Eigen::Index i = 0; i < expected.size(); ++i) {
        const double a = printed[std::size_t(i)], b = expected.derived().coeff(i);
        if (a == b)
            continue;
        const double scale = i < terms.size() ? std::max(largest, terms[i]) : largest;
        if (!(std::fabs(a - b) <= relative * scale))
            return QStringLiteral("entry %1: Python %2, core %3 (scale %4)")
                .arg(i)
                .arg(a, 0, 'g', 17)
                .arg(b, 0, 'g', 17)
                .arg(scale, 0, 'g', 17);
    }
    return {};
}

/// |a| · |b|: for a product a·b, the size of the terms each entry adds (see differs()).
template <typename A, typename B> Eigen::VectorXd termSizes(const A &a, const B &b)
{
    return a.cwiseAbs() * b.cwiseAbs();
}

} // namespace pythonrun
