// Every error the core can return becomes one sentence that names the field, in both languages.

#include "common/datacolumns.h"
#include "model/errortext.h"
#include "model/language.h"

#include <QCoreApplication>
#include <QTest>

namespace {
constexpr attn::ErrorCode kAllCodes[] = {
    attn::ErrorCode::NoKeys,        attn::ErrorCode::TooManyKeys,
    attn::ErrorCode::CountMismatch, attn::ErrorCode::DimensionMismatch,
    attn::ErrorCode::NonFinite,     attn::ErrorCode::BadTemperature,
    attn::ErrorCode::BadScaleDim,   attn::ErrorCode::AllMasked,
    attn::ErrorCode::NoHeads,       attn::ErrorCode::HeadsDoNotFit,
    attn::ErrorCode::BadArgument,   attn::ErrorCode::FileTooLarge,
    attn::ErrorCode::Malformed,     attn::ErrorCode::TooDeep,
    attn::ErrorCode::InvalidUtf8,   attn::ErrorCode::DuplicateField,
    attn::ErrorCode::WrongFormat,   attn::ErrorCode::UnsupportedVersion,
    attn::ErrorCode::WrongType,     attn::ErrorCode::MissingField,
    attn::ErrorCode::UnknownMethod, attn::ErrorCode::UnknownField,
    attn::ErrorCode::UnknownNormaliser,
};
} // namespace

class TestErrorText : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { Language::install(QStringLiteral("en")); }

    void everyCodeNamesItsField_data()
    {
        QTest::addColumn<int>("code");
        for (attn::ErrorCode c : kAllCodes)
            QTest::newRow(qPrintable(QString::number(int(c)))) << int(c);
    }
    void everyCodeNamesItsField()
    {
        QFETCH(int, code);
        const attn::Error e{attn::ErrorCode(code), "keys[2][1]", 64, 65, "number"};
        const QString en = ErrorText::describe(e);
        QVERIFY(!en.isEmpty());
        QVERIFY(!en.contains(QLatin1Char('\n')));
        // Errors about the whole file (size, JSON syntax, encoding) carry no field path.
        const bool wholeFile = e.code == attn::ErrorCode::FileTooLarge ||
                               e.code == attn::ErrorCode::Malformed ||
                               e.code == attn::ErrorCode::InvalidUtf8;
        if (!wholeFile)
            QVERIFY2(en.contains(QStringLiteral("keys[2][1]")), qPrintable(en));

        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        const QString zh = ErrorText::describe(e);
        QVERIFY2(zh != en, qPrintable(zh));
        if (!wholeFile)
            QVERIFY(zh.contains(QStringLiteral("keys[2][1]")));
    }

    void specificSentences_data()
    {
        dataColumns<int, QString, int, int, QString, QString>("code", "subject", "expected",
                                                              "actual", "detail", "sentence");
        QTest::newRow("too many keys")
            << int(attn::ErrorCode::TooManyKeys) << "keys" << 64 << 65 << ""
            << "keys: 65 keys, but at most 64 are allowed.";
        QTest::newRow("wrong type")
            << int(attn::ErrorCode::WrongType) << "query[1]" << -1 << -1 << "number"
            << "query[1]: expected a number.";
        QTest::newRow("malformed")
            << int(attn::ErrorCode::Malformed) << "" << 3 << 14 << "unexpected-end"
            << "Not valid JSON at line 3, column 14: the text ends too early.";
        QTest::newRow("unknown method")
            << int(attn::ErrorCode::UnknownMethod) << "method" << -1 << -1 << "cubic"
            << "method: unknown method \"cubic\" (expected dot, scaled, cosine, general, "
               "additive or multihead).";
        QTest::newRow("unknown normaliser")
            << int(attn::ErrorCode::UnknownNormaliser) << "normaliser" << -1 << -1 << "entmax"
            << "normaliser: unknown normaliser \"entmax\" (expected softmax, sparsemax, softmax1 "
               "or sigmoid).";
    }
    void specificSentences()
    {
        QFETCH(int, code);
        QFETCH(QString, subject);
        QFETCH(int, expected);
        QFETCH(int, actual);
        QFETCH(QString, detail);
        QFETCH(QString, sentence);
        const attn::Error e{attn::ErrorCode(code), subject.toStdString(), expected, actual,
                            detail.toStdString()};
        QCOMPARE(ErrorText::describe(e), sentence);
    }
};

QTEST_GUILESS_MAIN(TestErrorText)
#include "tst_errortext.moc"
