#include "normalisernames.h"

QString NormaliserNames::name(attn::Normaliser normaliser)
{
    switch (normaliser) {
    case attn::Normaliser::Softmax:
        return tr("softmax");
    case attn::Normaliser::Sparsemax:
        return tr("sparsemax");
    case attn::Normaliser::Softmax1:
        return tr("softmax₁ (softmax plus one)");
    case attn::Normaliser::Sigmoid:
        return tr("sigmoid");
    }
    return {};
}

QString NormaliserNames::shortName(attn::Normaliser normaliser)
{
    switch (normaliser) {
    case attn::Normaliser::Softmax:
        return tr("softmax", "short name");
    case attn::Normaliser::Sparsemax:
        return tr("sparsemax", "short name");
    case attn::Normaliser::Softmax1:
        return tr("softmax₁", "short name");
    case attn::Normaliser::Sigmoid:
        return tr("sigmoid", "short name");
    }
    return {};
}
